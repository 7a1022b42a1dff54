import { and, asc, desc, eq, getTableName, gte, isNull, lt, notExists, or, sql } from "drizzle-orm";
import {
  bookings,
  events,
  gateScans,
  rates,
  seasonHolders,
  type Booking,
  type GateDirection,
  type GateResult,
  type GateState,
} from "../../db/schema";
import type { Db } from "../db";
import { romeDate, toIso } from "../lib/time";
import { normalisePlate } from "../../shared/rules";
import { eventEndsAt } from "../../shared/lifecycle/event";
import { bookingCodeOf } from "./my-bookings";
import { passHash, secretOfScan } from "./passes";
import { passStatusOf, VOID_STATUSES, type PassStatus } from "../../shared/lifecycle/booking";
import { passValidText } from "../../shared/lifecycle/sql";
import { bookingCodeOfScan, mustLeaveBy, overstayMinutesOf, REREAD_GRACE_MS } from "../../shared/gate";

/** An offline scan older than this is stored at the time it reached us (a wrong phone clock). */
const MAX_OFFLINE_AGE_MS = 24 * 3_600_000;

export type GateEventDto = { id: number; title: string; datetime: string | null; isAlwaysActive: boolean };

type EventRow = typeof events.$inferSelect;

/** Cars arrive hours before a match or a concert (the demo's gates open four hours before)… */
export const GATE_OPENS_BEFORE_MS = 6 * 3_600_000;
/** …and leave after it ends, past midnight after an evening concert. */
export const GATE_CLOSES_AFTER_MS = 6 * 3_600_000;

/**
 * On the gate's list: today's events (Rome), the always-active ones, and any event from
 * GATE_OPENS_BEFORE_MS before its start to GATE_CLOSES_AFTER_MS after its end, across midnight.
 */
export function isGateEvent(event: Pick<EventRow, "isActive" | "isAlwaysActive" | "datetime" | "durationMinutes">, now: number): boolean {
  if (!event.isActive) return false;
  if (event.isAlwaysActive || event.datetime == null) return true;
  const end = eventEndsAt(event) ?? event.datetime;
  return romeDate(event.datetime).equals(romeDate(now)) || (event.datetime - GATE_OPENS_BEFORE_MS <= now && now < end + GATE_CLOSES_AFTER_MS);
}

export async function listGateEvents(db: Db, now: number): Promise<GateEventDto[]> {
  const rows = await db.select().from(events).where(eq(events.isActive, true)).orderBy(asc(events.sortOrder), asc(events.id));
  return rows
    .filter((e) => isGateEvent(e, now))
    .map((e) => ({ id: e.id, title: e.title, datetime: e.isAlwaysActive ? null : toIso(e.datetime), isAlwaysActive: e.isAlwaysActive }));
}

export async function gateEvent(db: Db, eventId: number, now: number): Promise<EventRow | null> {
  const event = await db.select().from(events).where(eq(events.id, eventId)).get();
  return event && isGateEvent(event, now) ? event : null;
}

/** The lifecycle's "this pass scans", over the joined booking and event rows. */
const validPass = sql.raw(passValidText(`"${getTableName(bookings)}"`, `"${getTableName(events)}"`));

export type GateSummary = { expected: number; inside: number; exited: number };

/** Valid passes of the event and where their cars are. */
export async function gateSummary(db: Db, eventId: number): Promise<GateSummary> {
  const row = await db
    .select({
      expected: sql<number>`count(*)`,
      inside: sql<number>`coalesce(sum(case when ${bookings.gateState} = 'inside' then 1 else 0 end), 0)`,
      exited: sql<number>`coalesce(sum(case when ${bookings.gateState} = 'exited' then 1 else 0 end), 0)`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.eventId, eventId), validPass))
    .get();
  return { expected: row?.expected ?? 0, inside: row?.inside ?? 0, exited: row?.exited ?? 0 };
}

/**
 * One entry of the list a gate phone keeps for offline checks: no secret, no name, no e-mail. The
 * booking code is there because the gate takes it like a plate (docs/decisions/027-gate-app.md);
 * `leaveBy` is when the car must have left (the rate's window), for the overstay at an offline exit.
 */
export type OfflinePassDto = {
  hash: string;
  code: string;
  plate: string;
  rateName: string | null;
  gateState: GateState | null;
  checkedInAt: string | null;
  leaveBy: string | null;
};

export async function offlinePasses(db: Db, eventId: number): Promise<OfflinePassDto[]> {
  const rows = await db
    .select({
      id: bookings.id,
      // A season holder's spots open with the holder's one pass (docs/decisions/034).
      secret: sql<string | null>`coalesce(${seasonHolders.passSecret}, ${bookings.passSecret})`,
      plate: bookings.licensePlate,
      rateName: rates.name,
      minutesAfterEnd: rates.minutesAfterEnd,
      gateState: bookings.gateState,
      checkedInAt: bookings.checkedInAt,
      event: { datetime: events.datetime, isAlwaysActive: events.isAlwaysActive, durationMinutes: events.durationMinutes },
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .leftJoin(seasonHolders, eq(seasonHolders.id, bookings.seasonHolderId))
    .where(and(eq(bookings.eventId, eventId), validPass));
  return Promise.all(
    rows
      .filter((r) => r.secret)
      .map(async (r) => ({
        hash: await passHash(r.secret!),
        code: bookingCodeOf(r.id),
        plate: r.plate,
        rateName: r.rateName,
        gateState: r.gateState,
        checkedInAt: toIso(r.checkedInAt),
        leaveBy: toIso(mustLeaveBy(eventEndsAt(r.event), r.minutesAfterEnd)),
      })),
  );
}

/** What the gate shows about a pass: plate, rate and name, never the e-mail. */
export type GatePassDto = {
  code: string;
  passHash: string;
  eventId: number;
  eventTitle: string;
  licensePlate: string;
  customerName: string;
  rateName: string | null;
  pass: PassStatus;
  gateState: GateState | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** Minutes past the rate's window (else the event's end) at an exit scan: shown, never blocking. */
  overstayMinutes: number | null;
};

export type ScanInput = {
  eventId: number;
  scan: string;
  direction: GateDirection;
  /** The phone's id for this scan: replaying it answers the stored result. */
  scanId?: string;
  /** When the scan happened on the phone (offline scans sent later). */
  scannedAt?: number;
  /** Which of a plate's passes the staff picked (its SHA-256). */
  passHash?: string;
};

export type ScanAnswer = { result: GateResult; booking?: GatePassDto; candidates?: GatePassDto[] };

type Found = { booking: Booking; event: EventRow; rateName: string | null; minutesAfterEnd: number | null; holderSecret: string | null };

const withEventAndRate = (db: Db) =>
  db
    .select({ booking: bookings, event: events, rateName: rates.name, minutesAfterEnd: rates.minutesAfterEnd, holderSecret: seasonHolders.passSecret })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .leftJoin(seasonHolders, eq(seasonHolders.id, bookings.seasonHolderId));

/** The secret that opens a booking: the season holder's one pass for a season spot, else its own. */
const secretOf = (f: Pick<Found, "booking" | "holderSecret">) => f.holderSecret ?? f.booking.passSecret;

async function toGatePass(found: Found, now: number, direction?: GateDirection): Promise<GatePassDto> {
  const { booking: b, event, rateName, minutesAfterEnd } = found;
  const secret = secretOf(found);
  const late = direction === "out" ? overstayMinutesOf(mustLeaveBy(eventEndsAt(event), minutesAfterEnd), b.checkedOutAt ?? now) : null;
  return {
    code: bookingCodeOf(b.id),
    passHash: secret ? await passHash(secret) : "",
    eventId: b.eventId,
    eventTitle: event.title,
    licensePlate: b.licensePlate,
    customerName: b.customerName,
    rateName,
    pass: passStatusOf(b.status, event.cancelledAt != null),
    gateState: b.gateState,
    checkedInAt: toIso(b.checkedInAt),
    checkedOutAt: toIso(b.checkedOutAt),
    overstayMinutes: late,
  };
}

type Resolved = { kind: "one"; found: Found } | { kind: "none" } | { kind: "many"; found: Found[] };

/**
 * A QR (URL or bare secret) or a booking code finds its booking anywhere (this event's first, for
 * a code two events share); a plate looks only inside the event.
 */
async function resolveScan(db: Db, input: ScanInput): Promise<Resolved> {
  const secret = secretOfScan(input.scan);
  if (secret) {
    // One read: a season holder's pass finds the holder's spot at this event first (its own secret
    // belongs to the season's first match, which would be a wrong event here).
    const atThisEvent = sql`${seasonHolders.passSecret} = ${secret} and ${bookings.eventId} = ${input.eventId}`;
    const found = await withEventAndRate(db)
      .where(or(eq(bookings.passSecret, secret), atThisEvent))
      .orderBy(sql`case when ${atThisEvent} then 0 else 1 end`, sql`${bookings.paidAt} is null`, desc(bookings.createdAt))
      .get();
    if (found) return { kind: "one", found };
  }
  const code = bookingCodeOfScan(input.scan);
  if (code) {
    // The code is the id's first 8 hex digits: a range over the primary key, not a scan.
    const prefix = code.toLowerCase();
    const found = await withEventAndRate(db)
      .where(and(gte(bookings.id, prefix), lt(bookings.id, `${prefix}~`)))
      .orderBy(sql`${bookings.eventId} = ${input.eventId} desc`, desc(bookings.paidAt))
      .get();
    if (found) return { kind: "one", found };
  }
  const plate = normalisePlate(input.scan);
  if (!/^[A-Z0-9]{2,10}$/.test(plate)) return { kind: "none" };
  const all = await withEventAndRate(db)
    .where(and(eq(bookings.eventId, input.eventId), eq(bookings.licensePlate, plate)))
    .orderBy(desc(bookings.paidAt), desc(bookings.createdAt));
  let matches = all;
  if (input.passHash) {
    const hashes = await Promise.all(all.map((f) => (secretOf(f) ? passHash(secretOf(f)!) : "")));
    matches = all.filter((_, i) => hashes[i] === input.passHash);
  }
  if (matches.length === 0) return { kind: "none" };
  const valid = matches.filter((f) => passStatusOf(f.booking.status, f.event.cancelledAt != null) === "valid");
  if (valid.length === 1) return { kind: "one", found: valid[0] };
  if (valid.length > 1) return { kind: "many", found: valid };
  // No valid pass for this plate: the last one paid (else the newest) explains the refusal.
  return { kind: "one", found: matches[0] };
}

/**
 * Why a check-in changed nothing. A valid pass inside is "already_in", unless this same session let
 * it in (an `ok` entry) within REREAD_GRACE_MS before this scan: the same car, read again.
 */
const resultOfStatusSql = (bookingId: string, sessionId: string | null, at: number) =>
  sql`(select case
      when ${sql.raw(passValidText("b", "e"))} and b.gate_state = 'inside' and exists (
        select 1 from gate_scans s where s.booking_id = b.id and s.direction = 'in' and s.result = 'ok'
          and s.session_id = ${sessionId} and s.scanned_at between ${at - REREAD_GRACE_MS} and ${at}) then 'reread'
      when ${sql.raw(passValidText("b", "e"))} then 'already_in'
      when b.status in ${VOID_STATUSES} or e.cancelled_at is not null then 'void' else 'not_paid' end
    from bookings b join events e on e.id = b.event_id where b.id = ${bookingId})`;

/**
 * One scan at the gate. The check-in is ONE guarded UPDATE (paid, of this event, not inside, and
 * this scan id never seen) batched with the INSERT of the scan row, whose result reads `changes()`
 * of that UPDATE: two gates scanning one pass at once get one `ok` and one `already_in`, and a
 * replayed offline scan finds its own row and gets its first answer back.
 */
export async function scanPass(db: Db, input: ScanInput, ctx: { now: number; sessionId: string | null }): Promise<ScanAnswer> {
  const { now } = ctx;
  const scanId = input.scanId ?? crypto.randomUUID();
  const replay = await storedAnswer(db, scanId, now);
  if (replay) return replay;

  const offline = input.scannedAt != null;
  const at = offline && input.scannedAt! <= now && input.scannedAt! > now - MAX_OFFLINE_AGE_MS ? input.scannedAt! : now;
  const scanRow = { id: scanId, eventId: input.eventId, direction: input.direction, scannedAt: at, receivedAt: now, offline, sessionId: ctx.sessionId };

  const resolved = await resolveScan(db, input);
  if (resolved.kind === "many") {
    return { result: "ambiguous", candidates: await Promise.all(resolved.found.map((f) => toGatePass(f, now, input.direction))) };
  }
  if (resolved.kind === "none") {
    await db.insert(gateScans).values({ ...scanRow, bookingId: null, result: "unknown" }).onConflictDoNothing();
    return (await storedAnswer(db, scanId, now))!;
  }
  const { booking, event } = resolved.found;
  const recordWithoutChange = async (result: GateResult) => {
    await db.insert(gateScans).values({ ...scanRow, bookingId: booking.id, result }).onConflictDoNothing();
    return (await storedAnswer(db, scanId, now, input.direction))!;
  };
  if (booking.eventId !== input.eventId) return recordWithoutChange("wrong_event");

  const unseen = notExists(db.select({ one: sql`1` }).from(gateScans).where(eq(gateScans.id, scanId)));
  const mine = and(eq(bookings.id, booking.id), eq(bookings.eventId, input.eventId), unseen);
  if (input.direction === "in") {
    const pass = passStatusOf(booking.status, event.cancelledAt != null);
    if (pass !== "valid") return recordWithoutChange(pass);
    await db.batch([
      db
        .update(bookings)
        .set({ gateState: "inside", checkedInAt: at, checkedOutAt: null, updatedAt: now })
        .where(
          and(
            mine,
            sql`exists (select 1 from events ge where ge.id = ${bookings.eventId} and ${sql.raw(passValidText(`"${getTableName(bookings)}"`, "ge"))})`,
            or(isNull(bookings.gateState), eq(bookings.gateState, "exited")),
          ),
        ),
      db
        .insert(gateScans)
        .values({ ...scanRow, bookingId: booking.id, result: sql`case when changes() = 1 then 'ok' else ${resultOfStatusSql(booking.id, ctx.sessionId, at)} end` })
        .onConflictDoNothing(),
    ]);
  } else {
    // A car leaving is never held up, whatever its pass says: the exit is recorded and shown; one
    // the gate never saw enter is "no_entry" (amber), for the staff to note, not to stop.
    const result = booking.gateState === "inside" ? "ok" : "no_entry";
    await db.batch([
      db.update(bookings).set({ gateState: "exited", checkedOutAt: at, updatedAt: now }).where(mine),
      db.insert(gateScans).values({ ...scanRow, bookingId: booking.id, result }).onConflictDoNothing(),
    ]);
  }
  return (await storedAnswer(db, scanId, now, input.direction))!;
}

async function storedAnswer(db: Db, scanId: string, now: number, direction?: GateDirection): Promise<ScanAnswer | null> {
  const scan = await db.select().from(gateScans).where(eq(gateScans.id, scanId)).get();
  if (!scan) return null;
  if (!scan.bookingId) return { result: scan.result };
  const found = await withEventAndRate(db).where(eq(bookings.id, scan.bookingId)).get();
  return { result: scan.result, ...(found ? { booking: await toGatePass(found, now, direction ?? scan.direction) } : {}) };
}

/** A car past its rate's window (else the event's end): left late, or still inside after it. */
export type OverstayDto = {
  code: string;
  plate: string;
  rateName: string | null;
  leaveBy: string;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  overstayMinutes: number;
};

/** The event's overstays for the admin, longest first. */
export async function eventOverstays(db: Db, eventId: number, now: number): Promise<OverstayDto[]> {
  const rows = await withEventAndRate(db).where(and(eq(bookings.eventId, eventId), validPass, sql`${bookings.gateState} is not null`));
  return rows
    .flatMap((found) => {
      const { booking: b, event, rateName, minutesAfterEnd } = found;
      const leaveBy = mustLeaveBy(eventEndsAt(event), minutesAfterEnd);
      const minutes = overstayMinutesOf(leaveBy, b.gateState === "inside" ? now : (b.checkedOutAt ?? now));
      if (leaveBy == null || minutes == null || minutes < 1) return [];
      return [{ code: bookingCodeOf(b.id), plate: b.licensePlate, rateName, leaveBy: toIso(leaveBy)!, checkedInAt: toIso(b.checkedInAt), checkedOutAt: b.gateState === "exited" ? toIso(b.checkedOutAt) : null, overstayMinutes: minutes }];
    })
    .sort((a, b) => b.overstayMinutes - a.overstayMinutes);
}
