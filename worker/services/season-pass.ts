import type { Translations } from "../../shared/translations";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { bookings, events, seasonHolders, seasonPasses } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";
import { toIso } from "../lib/time";
import { passStatusOf, type PassStatus } from "../../shared/lifecycle/booking";
import { canReleaseMatch } from "../../shared/lifecycle/season";
import { canReleaseMatchText } from "../../shared/lifecycle/season-sql";
import { bookingCodeOf } from "../../shared/rules";
import { changesOf, ms } from "../lib/d1-batch";

// ---------- the holder's pass ----------

export type SeasonMatchState = "reserved" | "released" | "refunded" | "inside" | "exited" | "cancelled" | "ended" | "missing";

export type SeasonPassDto = {
  status: PassStatus;
  code: string;
  seasonName: string;
  seasonNameTranslations: Translations;
  licensePlate: string;
  /** A season pass is one car: a new plate applies to every match still to come (while one is). */
  plateChangeAllowed: boolean;
  matches: SeasonMatch[];
};

export type SeasonMatch = { eventId: number; title: string; titleTranslations: Translations; datetime: string | null; state: SeasonMatchState; canRelease: boolean };

/** Every match a holder has a spot at, earliest first, and which ones can still be handed back. */
export async function matchesOf(db: Db, holderIds: string[], now: number): Promise<Map<string, SeasonMatch[]>> {
  const by = new Map<string, SeasonMatch[]>(holderIds.map((id) => [id, []]));
  if (holderIds.length === 0) return by;
  const rows = await db
    .select({
      holderId: bookings.seasonHolderId,
      eventId: events.id,
      title: events.title,
      titleTranslations: events.titleTranslations,
      datetime: events.datetime,
      cancelledAt: events.cancelledAt,
      durationMinutes: events.durationMinutes,
      status: bookings.status,
      gateState: bookings.gateState,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(inArray(bookings.seasonHolderId, holderIds))
    .orderBy(asc(events.datetime), asc(events.id));
  for (const r of rows) {
    const ended = r.datetime != null && r.datetime + r.durationMinutes * 60_000 <= now;
    const state: SeasonMatchState =
      r.cancelledAt != null
        ? "cancelled"
        : r.status === "freed"
          ? "released"
          : r.status === "refunded"
            ? "refunded"
            : r.status !== "paid"
              ? "missing"
              : r.gateState === "inside"
                ? "inside"
                : r.gateState === "exited"
                  ? "exited"
                  : ended
                    ? "ended"
                    : "reserved";
    by.get(r.holderId!)?.push({
      eventId: r.eventId,
      title: r.title,
      titleTranslations: r.titleTranslations,
      datetime: toIso(r.datetime),
      state,
      canRelease: r.cancelledAt == null && canReleaseMatch(r, r.datetime, now),
    });
  }
  return by;
}

/** What the holder's link shows: the season and every match of it, and which ones can be handed back. */
export async function getSeasonPass(db: Db, secret: string, now: number): Promise<SeasonPassDto | null> {
  const holder = await db.select().from(seasonHolders).where(eq(seasonHolders.passSecret, secret)).get();
  if (!holder) return null;
  const season = (await db.select().from(seasonPasses).where(eq(seasonPasses.id, holder.seasonId)).get())!;
  const matches = (await matchesOf(db, [holder.id], now)).get(holder.id) ?? [];
  return {
    status: holder.status === "active" ? "valid" : passStatusOf(holder.status === "cancelled" ? "cancelled" : "pending", false),
    code: bookingCodeOf(holder.id),
    seasonName: season.name,
    seasonNameTranslations: season.nameTranslations,
    licensePlate: holder.licensePlate,
    plateChangeAllowed: holder.status === "active" && matches.some((m) => m.state === "reserved"),
    matches,
  };
}

/** A holder's spot at a match is freed in one guarded UPDATE (canReleaseMatch) and goes back on sale. */
export async function freeHolderMatch(db: Db, holderId: string, eventId: number, now: number): Promise<Outcome<null>> {
  const res = await db
    .update(bookings)
    .set({ status: "freed", freedAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.seasonHolderId, holderId),
        eq(bookings.eventId, eventId),
        sql`exists (select 1 from events re where re.id = ${bookings.eventId} and re.cancelled_at is null
          and ${sql.raw(canReleaseMatchText(`"bookings"`, "re", ms(now)))})`,
      ),
    )
    .run();
  if (changesOf(res) === 0) {
    const mine = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.seasonHolderId, holderId), eq(bookings.eventId, eventId))).get();
    return mine ? fail(409, "conflict", messages.seasonMatchNotReleasable) : fail(404, "not_found", messages.seasonMatchNotFound);
  }
  return ok(null);
}

/** The holder hands a match back from their pass; the caller offers the spot to the waiting list. */
export async function releaseMatch(db: Db, secret: string, eventId: number, now: number): Promise<Outcome<SeasonPassDto>> {
  const holder = await db.select({ id: seasonHolders.id }).from(seasonHolders).where(and(eq(seasonHolders.passSecret, secret), eq(seasonHolders.status, "active"))).get();
  if (!holder) return fail(404, "not_found", messages.seasonPassNotFound);
  const freed = await freeHolderMatch(db, holder.id, eventId, now);
  if (!freed.ok) return freed;
  return ok((await getSeasonPass(db, secret, now))!);
}
