import { asc, eq } from "drizzle-orm";
import { carouselSettings, liveNotificationConfig, partners, type Partner } from "../../db/schema";
import type { Db } from "../db";

export const CAROUSEL_DEFAULTS = { isEnabled: true, scrollSpeed: 1, frameRate: 16 };
export const LIVE_NOTIFICATION_DEFAULTS = { isEnabled: true, frequency: 10000, targetEventId: null as number | null, isRandomEvents: true };

export type CarouselSettings = typeof CAROUSEL_DEFAULTS;
export type LiveNotificationConfig = typeof LIVE_NOTIFICATION_DEFAULTS;

export async function getCarouselSettings(db: Db): Promise<CarouselSettings> {
  const row = await db.select().from(carouselSettings).where(eq(carouselSettings.id, 1)).get();
  return row ? { isEnabled: row.isEnabled, scrollSpeed: row.scrollSpeed, frameRate: row.frameRate } : { ...CAROUSEL_DEFAULTS };
}

export async function getLiveNotificationConfig(db: Db): Promise<LiveNotificationConfig> {
  const row = await db.select().from(liveNotificationConfig).where(eq(liveNotificationConfig.id, 1)).get();
  return row
    ? { isEnabled: row.isEnabled, frequency: row.frequency, targetEventId: row.targetEventId, isRandomEvents: row.isRandomEvents }
    : { ...LIVE_NOTIFICATION_DEFAULTS };
}

export type PartnerDto = Pick<Partner, "id" | "name" | "imageUrl" | "isActive" | "sortOrder">;

export async function listPartners(db: Db, opts: { includeInactive: boolean }): Promise<PartnerDto[]> {
  return db
    .select({ id: partners.id, name: partners.name, imageUrl: partners.imageUrl, isActive: partners.isActive, sortOrder: partners.sortOrder })
    .from(partners)
    .where(opts.includeInactive ? undefined : eq(partners.isActive, true))
    .orderBy(asc(partners.sortOrder), asc(partners.id));
}
