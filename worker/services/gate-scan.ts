import { and, desc, eq, getTableName, gte, isNull, lt, notExists, or, sql } from "drizzle-orm";
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
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db";
import { columnsAs, joined } from "../lib/batch-columns";
import { toIso } from "../lib/time";
import { normalisePlate } from "../../shared/rules";
import { eventEndsAt } from "../../shared/lifecycle/event";
import { bookingCodeOf } from "./my-bookings";
import { passHash, secretOfScan } from "./passes";
import { passStatusOf, VOID_STATUSES, type PassStatus } from "../../shared/lifecycle/booking";
import { passValidText } from "../../shared/lifecycle/sql";
import { bookingCodeOfScan, mustLeaveBy, overstayMinutesOf, REREAD_GRACE_MS } from "../../shared/gate";
import { isGateEvent, type EventRow } from "./gate";

/** An offline scan older than this is stored at the time it reached us (a wrong phone clock). */
const MAX_OFFLINE_AGE_MS = 24 * 3_600_000;

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

// Named columns (lib/batch-columns.ts): these reads run inside batches.
const foundColumns = {
  booking: columnsAs(bookings, "b"),
  event: columnsAs(events, "e"),
  rateName: sql<string | null>`${rates.name}`.as("r_name"),
  minutesAfterEnd: sql<number | null>`${rates.minutesAfterEnd}`.as("r_minutes_after_end"),
  holderSecret: sql<string | null>`${seasonHolders.passSecret}`.as("h_pass_secret"),
};

export const withEventAndRate = (db: Db) =>
  db
    .select(foundColumns)
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

/**
 * Everything a scan reads before deciding, as builders for one batch: the event, the answer stored
 * under this scan id (a replay), and the bookings the scan could name — by QR secret, by booking
 * code, by plate — each only when the scan can be one. On the gate they ride in the session check's
 * trip (docs/decisions/037-hot-requests-in-two-trips.md); `readScan` runs them on their own.
 */
export function scanReadPlan(db: Db, input: ScanInput) {
  const secret = secretOfScan(input.scan);
  // A season holder's pass finds the holder's spot at this event first (its own secret belongs to
  // the season's first match, which would be a wrong event here).
  const atThisEvent = secret ? sql`${seasonHolders.passSecret} = ${secret} and ${bookings.eventId} = ${input.eventId}` : null;
  const code = bookingCodeOfScan(input.scan)?.toLowerCase();
  const plate = normalisePlate(input.scan);
  const reads = {
    event: db.select().from(events).where(eq(events.id, input.eventId)),
    stored: input.scanId ? answerQuery(db, input.scanId) : undefined,
    bySecret:
      secret && atThisEvent
        ? withEventAndRate(db)
            .where(or(eq(bookings.passSecret, secret), atThisEvent))
            .orderBy(sql`case when ${atThisEvent} then 0 else 1 end`, sql`${bookings.paidAt} is null`, desc(bookings.createdAt))
            .limit(1)
        : undefined,
    // The code is the id's first 8 hex digits: a range over the primary key, not a scan.
    byCode: code
      ? withEventAndRate(db)
          .where(and(gte(bookings.id, code), lt(bookings.id, `${code}~`)))
          .orderBy(sql`${bookings.eventId} = ${input.eventId} desc`, desc(bookings.paidAt))
          .limit(1)
      : undefined,
    byPlate: /^[A-Z0-9]{2,10}$/.test(plate)
      ? withEventAndRate(db)
          .where(and(eq(bookings.eventId, input.eventId), eq(bookings.licensePlate, plate)))
          .orderBy(desc(bookings.paidAt), desc(bookings.createdAt))
      : undefined,
  };
  const keys = (Object.keys(reads) as (keyof typeof reads)[]).filter((k) => reads[k]);
  return {
    items: keys.map((k) => reads[k]!) as BatchItem<"sqlite">[],
    /** The batch's results (in `items` order) as the scan's read. */
    of(results: unknown[]): ScanRead {
      const rows = Object.fromEntries(keys.map((k, i) => [k, results[i] as unknown[]])) as Partial<Record<keyof typeof reads, unknown[]>>;
      return {
        event: (rows.event?.[0] as EventRow | undefined) ?? null,
        stored: (rows.stored?.[0] as AnswerRow | undefined) ?? null,
        bySecret: (rows.bySecret?.[0] as Found | undefined) ?? null,
        byCode: (rows.byCode?.[0] as Found | undefined) ?? null,
        byPlate: (rows.byPlate as Found[] | undefined) ?? [],
      };
    },
  };
}

export type ScanRead = { event: EventRow | null; stored: AnswerRow | null; bySecret: Found | null; byCode: Found | null; byPlate: Found[] };

/** The scan's reads in one trip of their own (when no session check carried them). */
export async function readScan(db: Db, input: ScanInput): Promise<ScanRead> {
  const plan = scanReadPlan(db, input);
  return plan.of(await db.batch(plan.items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]));
}

type Resolved = { kind: "one"; found: Found } | { kind: "none" } | { kind: "many"; found: Found[] };

/**
 * A QR (URL or bare secret) or a booking code finds its booking anywhere (this event's first, for
 * a code two events share); a plate looks only inside the event.
 */
async function resolveScan(input: ScanInput, read: ScanRead): Promise<Resolved> {
  if (read.bySecret) return { kind: "one", found: read.bySecret };
  if (read.byCode) return { kind: "one", found: read.byCode };
  const all = read.byPlate;
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
 * One scan at the gate, from its read (`readScan`, or the one the session check carried; the
 * caller has checked `read.event` is on the gate). The check-in is ONE guarded UPDATE (paid, of
 * this event, not inside, and this scan id never seen) batched with the INSERT of the scan row,
 * whose result reads `changes()` of that UPDATE, and with the read of the stored answer: two gates
 * scanning one pass at once get one `ok` and one `already_in`, and a replayed offline scan finds
 * its own row and gets its first answer back. At most one trip after the read.
 */
export async function scanPass(db: Db, input: ScanInput, ctx: { now: number; sessionId: string | null }, read: ScanRead): Promise<ScanAnswer> {
  const { now } = ctx;
  if (read.stored) return answerOf(read.stored, now);
  const scanId = input.scanId ?? crypto.randomUUID();

  const offline = input.scannedAt != null;
  const at = offline && input.scannedAt! <= now && input.scannedAt! > now - MAX_OFFLINE_AGE_MS ? input.scannedAt! : now;
  const scanRow = { id: scanId, eventId: input.eventId, direction: input.direction, scannedAt: at, receivedAt: now, offline, sessionId: ctx.sessionId };
  const writeAndAnswer = async (writes: BatchItem<"sqlite">[], direction?: GateDirection) => {
    const results = await db.batch([...(writes as [BatchItem<"sqlite">]), answerQuery(db, scanId)]);
    return answerOf((results.at(-1) as AnswerRow[])[0], now, direction);
  };

  const resolved = await resolveScan(input, read);
  if (resolved.kind === "many") {
    return { result: "ambiguous", candidates: await Promise.all(resolved.found.map((f) => toGatePass(f, now, input.direction))) };
  }
  if (resolved.kind === "none") {
    return writeAndAnswer([db.insert(gateScans).values({ ...scanRow, bookingId: null, result: "unknown" }).onConflictDoNothing()]);
  }
  const { booking, event } = resolved.found;
  const recordWithoutChange = (result: GateResult) =>
    writeAndAnswer([db.insert(gateScans).values({ ...scanRow, bookingId: booking.id, result }).onConflictDoNothing()], input.direction);
  if (booking.eventId !== input.eventId) return recordWithoutChange("wrong_event");

  const unseen = notExists(db.select({ one: sql`1` }).from(gateScans).where(eq(gateScans.id, scanId)));
  const mine = and(eq(bookings.id, booking.id), eq(bookings.eventId, input.eventId), unseen);
  if (input.direction === "in") {
    const pass = passStatusOf(booking.status, event.cancelledAt != null);
    if (pass !== "valid") return recordWithoutChange(pass);
    return writeAndAnswer(
      [
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
      ],
      input.direction,
    );
  }
  // A car leaving is never held up, whatever its pass says: the exit is recorded and shown; one
  // the gate never saw enter is "no_entry" (amber), for the staff to note, not to stop.
  const result = booking.gateState === "inside" ? "ok" : "no_entry";
  return writeAndAnswer(
    [
      db.update(bookings).set({ gateState: "exited", checkedOutAt: at, updatedAt: now }).where(mine),
      db.insert(gateScans).values({ ...scanRow, bookingId: booking.id, result }).onConflictDoNothing(),
    ],
    input.direction,
  );
}

/** A scan row with its booking, event, rate and holder (all null for a scan that named nobody). */
const answerQuery = (db: Db, scanId: string) =>
  db
    .select({ scan: columnsAs(gateScans, "s"), ...foundColumns })
    .from(gateScans)
    .leftJoin(bookings, eq(bookings.id, gateScans.bookingId))
    .leftJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .leftJoin(seasonHolders, eq(seasonHolders.id, bookings.seasonHolderId))
    .where(eq(gateScans.id, scanId));

type AnswerRow = Awaited<ReturnType<typeof answerQuery>>[number];

async function answerOf(row: AnswerRow, now: number, direction?: GateDirection): Promise<ScanAnswer> {
  const { scan, rateName, minutesAfterEnd, holderSecret } = row;
  const [booking, event] = [joined(row.booking), joined(row.event)];
  if (!scan.bookingId || !booking || !event) return { result: scan.result };
  // A code of another day's event tells the gate nothing about its customer: only today's events are its business.
  if (scan.result === "wrong_event" && !isGateEvent(event, now)) return { result: scan.result };
  return { result: scan.result, booking: await toGatePass({ booking, event, rateName, minutesAfterEnd, holderSecret }, now, direction ?? scan.direction) };
}
