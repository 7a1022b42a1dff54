import type { Db } from "../db";
import { listCategories } from "./categories";
import { publicEventsJson, type EventDto } from "./events";
import { getCarouselSettings, getLiveNotificationConfig, listPartners } from "./settings";
import { statsOf } from "./stats";

/** What the home page reads, each part the same JSON as its public API route. */
export type HomeData = {
  events: EventDto[];
  categories: Awaited<ReturnType<typeof listCategories>>;
  stats: ReturnType<typeof statsOf>;
  partners: Awaited<ReturnType<typeof listPartners>>;
  carouselSettings: Awaited<ReturnType<typeof getCarouselSettings>>;
  liveConfig: Awaited<ReturnType<typeof getLiveNotificationConfig>>;
};

/** Read at request time, like the API routes: availability in the page is as exact as the API's. */
export async function loadHomeData(db: Db, now: number): Promise<HomeData> {
  const [events, categories, partners, carouselSettings, liveConfig] = await Promise.all([
    publicEventsJson(db, now).then((json) => JSON.parse(json) as EventDto[]),
    listCategories(db),
    listPartners(db, { includeInactive: false }),
    getCarouselSettings(db),
    getLiveNotificationConfig(db),
  ]);
  return { events, categories, stats: statsOf(events), partners, carouselSettings, liveConfig };
}
