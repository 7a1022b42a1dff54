import type { Translations } from "../../shared/translations";
import { asc, eq, sql } from "drizzle-orm";
import { carouselSettings, events, liveNotificationConfig, partners, reminderSettings, type Partner } from "../../db/schema";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Db } from "../db";

export const CAROUSEL_DEFAULTS = { isEnabled: true, scrollSpeed: 1, frameRate: 16 };
export const LIVE_NOTIFICATION_DEFAULTS = { isEnabled: true, frequency: 10000, targetEventId: null as number | null, isRandomEvents: true };

/** The reminder the day before the event: on, at 10:00 Rome time; the gate opens 2 hours before the start. */
export const REMINDER_DEFAULTS = { isEnabled: true, sendAt: "10:00", gateOpensMinutesBefore: 120 };

export type CarouselSettings = typeof CAROUSEL_DEFAULTS;
export type ReminderSettings = typeof REMINDER_DEFAULTS;
export type LiveNotificationConfig = typeof LIVE_NOTIFICATION_DEFAULTS;

// A settings row as its route answers it, the defaults while it was never saved (the home reads the
// same rows as JSON in its one statement, services/home.ts).
export const carouselSettingsOf = (row: CarouselSettings | undefined): CarouselSettings =>
  row ? { isEnabled: row.isEnabled, scrollSpeed: row.scrollSpeed, frameRate: row.frameRate } : { ...CAROUSEL_DEFAULTS };

export async function getCarouselSettings(db: Db): Promise<CarouselSettings> {
  return carouselSettingsOf(await db.select().from(carouselSettings).where(eq(carouselSettings.id, 1)).get());
}

export const liveNotificationConfigOf = (row: LiveNotificationConfig | undefined): LiveNotificationConfig =>
  row
    ? { isEnabled: row.isEnabled, frequency: row.frequency, targetEventId: row.targetEventId, isRandomEvents: row.isRandomEvents }
    : { ...LIVE_NOTIFICATION_DEFAULTS };

export async function getLiveNotificationConfig(db: Db): Promise<LiveNotificationConfig> {
  return liveNotificationConfigOf(await db.select().from(liveNotificationConfig).where(eq(liveNotificationConfig.id, 1)).get());
}

type SingleRowTable = typeof carouselSettings | typeof liveNotificationConfig | typeof reminderSettings;

/** Each settings table holds one row (id 1): the first save writes it, later saves replace its fields. */
async function saveSingleRow<T extends SingleRowTable>(db: Db, table: T, input: SQLiteUpdateSetSource<T>) {
  await db
    .insert(table)
    .values({ id: 1, ...input } as T["$inferInsert"])
    .onConflictDoUpdate({ target: table.id, set: input });
}

export type PartnerDto = Pick<Partner, "id" | "name" | "nameTranslations" | "imageUrl" | "isActive" | "sortOrder">;

export function listPartners(db: Db, opts: { includeInactive: boolean }) {
  return db
    .select({ id: partners.id, name: partners.name, nameTranslations: partners.nameTranslations, imageUrl: partners.imageUrl, isActive: partners.isActive, sortOrder: partners.sortOrder })
    .from(partners)
    .where(opts.includeInactive ? undefined : eq(partners.isActive, true))
    .orderBy(asc(partners.sortOrder), asc(partners.id));
}

export async function saveCarouselSettings(db: Db, input: CarouselSettings): Promise<CarouselSettings> {
  await saveSingleRow(db, carouselSettings, input);
  return getCarouselSettings(db);
}

/** null when the target event does not exist. */
export async function saveLiveNotificationConfig(db: Db, input: LiveNotificationConfig): Promise<LiveNotificationConfig | null> {
  if (input.targetEventId !== null) {
    const target = await db.select({ id: events.id }).from(events).where(eq(events.id, input.targetEventId)).get();
    if (!target) return null;
  }
  await saveSingleRow(db, liveNotificationConfig, input);
  return getLiveNotificationConfig(db);
}

export type PartnerInput = { name: string; nameTranslations?: Translations; imageUrl: string; sortOrder?: number; isActive?: boolean };

/** New partners go after the existing ones unless the admin gives a position. */
export async function createPartner(db: Db, input: PartnerInput): Promise<PartnerDto> {
  const row = await db
    .insert(partners)
    .values({
      name: input.name,
      nameTranslations: input.nameTranslations ?? {},
      imageUrl: input.imageUrl,
      isActive: input.isActive ?? true,
      sortOrder: input.sortOrder ?? sql`(select count(*) + 1 from partners)`,
    })
    .returning()
    .get();
  return { id: row.id, name: row.name, nameTranslations: row.nameTranslations, imageUrl: row.imageUrl, isActive: row.isActive, sortOrder: row.sortOrder };
}

/** Its image stays in R2 until the orphan-upload cron finds nothing referencing it. */
export async function deletePartner(db: Db, id: number): Promise<boolean> {
  const res = await db.delete(partners).where(eq(partners.id, id)).run();
  return res.meta.changes > 0;
}

export async function getReminderSettings(db: Db): Promise<ReminderSettings> {
  const row = await db.select().from(reminderSettings).where(eq(reminderSettings.id, 1)).get();
  return row ? { isEnabled: row.isEnabled, sendAt: row.sendAt, gateOpensMinutesBefore: row.gateOpensMinutesBefore } : { ...REMINDER_DEFAULTS };
}

export async function saveReminderSettings(db: Db, input: ReminderSettings): Promise<ReminderSettings> {
  await saveSingleRow(db, reminderSettings, input);
  return getReminderSettings(db);
}
