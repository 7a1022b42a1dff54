import type { Db } from "../db";
import type { listCategories } from "./categories";
import { PUBLIC_EVENTS_SQL, type EventDto } from "./events";
import { carouselSettingsOf, liveNotificationConfigOf, type CarouselSettings, type LiveNotificationConfig, type listPartners } from "./settings";
import { statsOf } from "./stats";

/** What the home page reads, each part the same JSON as its public API route. */
export type HomeData = {
  events: EventDto[];
  categories: Awaited<ReturnType<typeof listCategories>>;
  stats: ReturnType<typeof statsOf>;
  partners: Awaited<ReturnType<typeof listPartners>>;
  carouselSettings: CarouselSettings;
  liveConfig: LiveNotificationConfig;
};

/**
 * The home's reads in ONE statement answering JSON text, like the list (PUBLIC_EVENTS_SQL): the
 * events document, then the categories, active partners and the two settings rows, each shaped as
 * its own API route answers it (worker/routes/home.test.ts compares them). One statement rather than
 * a batch of five: D1 runs, serialises and returns one result instead of five, and the home stays
 * within reach of the list's cost. `?1` is now (epoch ms). A settings row not yet saved is null.
 */
const HOME_SQL = `select
  (${PUBLIC_EVENTS_SQL}) as events,
  (select coalesce(json_group_array(json_object('id', id, 'name', name, 'nameTranslations', json(name_translations), 'color', color)), '[]')
     from (select * from categories order by name, id)) as categories,
  (select coalesce(json_group_array(json_object('id', id, 'name', name, 'nameTranslations', json(name_translations), 'imageUrl', image_url,
       'isActive', json(case when is_active then 'true' else 'false' end), 'sortOrder', sort_order)), '[]')
     from (select * from partners where is_active = 1 order by sort_order, id)) as partners,
  (select json_object('isEnabled', json(case when is_enabled then 'true' else 'false' end), 'scrollSpeed', scroll_speed, 'frameRate', frame_rate)
     from carousel_settings where id = 1) as carousel,
  (select json_object('isEnabled', json(case when is_enabled then 'true' else 'false' end), 'frequency', frequency,
       'targetEventId', target_event_id, 'isRandomEvents', json(case when is_random_events then 'true' else 'false' end))
     from live_notification_config where id = 1) as live`;

type HomeRow = { events: string; categories: string; partners: string; carousel: string | null; live: string | null };

/** Read at request time, like the API routes: availability in the page is as exact as the API's. */
export async function loadHomeData(db: Db, now: number): Promise<HomeData> {
  // One D1 trip: in production each trip goes to the database's region (docs/benchmarks.md).
  const row = (await db.$client.prepare(HOME_SQL).bind(Math.trunc(now)).first<HomeRow>())!;
  const events = JSON.parse(row.events) as EventDto[];
  return {
    events,
    categories: JSON.parse(row.categories) as HomeData["categories"],
    stats: statsOf(events),
    partners: JSON.parse(row.partners) as HomeData["partners"],
    carouselSettings: carouselSettingsOf(row.carousel ? (JSON.parse(row.carousel) as CarouselSettings) : undefined),
    liveConfig: liveNotificationConfigOf(row.live ? (JSON.parse(row.live) as LiveNotificationConfig) : undefined),
  };
}
