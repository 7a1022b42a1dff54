import { eq, sql } from "drizzle-orm";
import { events } from "../../db/schema";
import type { Db } from "../db";
import { toIso } from "../lib/time";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { activeHoldText, waitingEntryText } from "../../shared/lifecycle/sql";
import { type WaitlistState } from "../../shared/lifecycle/waitlist";
import { type Lang } from "../../shared/lang";
import { ms } from "../lib/d1-batch";
import { toView, viewSelect, type ViewRow } from "./waitlist";

// ---------- the admin's view ----------

export type AdminWaitlistEntry = {
  id: number;
  position: number | null;
  state: WaitlistState;
  email: string;
  licensePlate: string;
  lang: Lang;
  rateName: string;
  price: string;
  joinedAt: string;
  offerExpiresAt: string | null;
};

export type AdminWaitlist = {
  eventId: number;
  title: string;
  datetime: string | null;
  waiting: number;
  offered: number;
  /** What opening one more spot per person in line would earn: count × the price of each one's rate. */
  potential: string;
  entries: AdminWaitlistEntry[];
};


export async function adminWaitlist(db: Db, eventId: number, now: number): Promise<AdminWaitlist | null> {
  const event = await db.select({ id: events.id, title: events.title, datetime: events.datetime }).from(events).where(eq(events.id, eventId)).get();
  if (!event) return null;
  const rows = await db.all<ViewRow>(viewSelect(now, sql`w.event_id = ${eventId} order by w.id`));
  const entries = rows.map((r) => {
    const v = toView(r);
    return {
      id: r.id,
      position: v.position,
      state: v.state,
      email: v.email,
      licensePlate: v.licensePlate,
      lang: v.lang,
      rateName: r.rateName,
      price: v.rate.price,
      joinedAt: v.joinedAt,
      offerExpiresAt: v.state === "offered" ? toIso(r.holdExpiresAt) : null,
    };
  });
  const waitingRows = rows.filter((r) => r.state === "waiting");
  return {
    eventId: event.id,
    title: event.title,
    datetime: toIso(event.datetime),
    waiting: waitingRows.length,
    offered: rows.filter((r) => r.state === "offered").length,
    potential: centsToDecimal(waitingRows.reduce((sum, r) => sum + r.priceCents, 0)),
    entries,
  };
}

export type AdminWaitlistSummary = { eventId: number; title: string; datetime: string | null; waiting: number; offered: number; potential: string };

/** Events with a list (someone waiting or holding an offer), soonest first. */
export async function adminWaitlists(db: Db, now: number): Promise<AdminWaitlistSummary[]> {
  const rows = await db.all<{ eventId: number; title: string; datetime: number | null; waiting: number; offered: number; potentialCents: number }>(sql`
    select e.id as eventId, e.title as title, e.datetime as datetime,
      sum(case when ${sql.raw(waitingEntryText("w"))} then 1 else 0 end) as waiting,
      sum(case when w.left_at is null and ${sql.raw(activeHoldText("b", ms(now)))} then 1 else 0 end) as offered,
      sum(case when ${sql.raw(waitingEntryText("w"))} then r.price_cents else 0 end) as potentialCents
    from waitlist_entries w join events e on e.id = w.event_id join rates r on r.id = w.rate_id left join bookings b on b.id = w.booking_id
    group by e.id having waiting > 0 or offered > 0
    order by coalesce(e.datetime, 9e15), e.id`);
  return rows.map((r) => ({
    eventId: r.eventId,
    title: r.title,
    datetime: toIso(r.datetime),
    waiting: Number(r.waiting),
    offered: Number(r.offered),
    potential: centsToDecimal(Number(r.potentialCents)),
  }));
}
