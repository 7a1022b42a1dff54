import type { Db } from "../db";
import { categoriesQuery, type listCategories } from "./categories";
import { publicEventsQuery, toCategoryDto, type EventDto } from "./events";
import { carouselSettingsOf, carouselSettingsQuery, liveNotificationConfigOf, liveNotificationConfigQuery, listPartners, type getCarouselSettings, type getLiveNotificationConfig } from "./settings";
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
  // One D1 trip: in production each trip goes to the database's region (docs/benchmarks.md).
  const [eventsRows, categoryRows, partners, carouselRows, liveRows] = await db.batch([
    publicEventsQuery(db, now),
    categoriesQuery(db),
    listPartners(db, { includeInactive: false }),
    carouselSettingsQuery(db),
    liveNotificationConfigQuery(db),
  ]);
  const events = JSON.parse(eventsRows[0]?.body ?? "[]") as EventDto[];
  return {
    events,
    categories: categoryRows.map(toCategoryDto),
    stats: statsOf(events),
    partners,
    carouselSettings: carouselSettingsOf(carouselRows[0]),
    liveConfig: liveNotificationConfigOf(liveRows[0]),
  };
}
