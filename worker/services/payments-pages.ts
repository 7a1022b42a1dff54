import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { bookings, events, rates, refunds } from "../../db/schema";
import type { Db } from "../db";
import { afterCursor, pageOf, type PageWindow } from "../lib/page-cursor";
import { centsToDecimal } from "../../shared/lifecycle/money";
import { paymentRowText } from "../../shared/lifecycle/season-sql";
import { searchKeys } from "./bookings-search";
import { toPaymentDto, type PaymentDto } from "./payments-report";

/**
 * The Pagamenti tab a page at a time (docs/decisions/063-server-pages.md): the payments report's
 * rows, newest payment first, by (paid_at, id). Same rules as the bookings search (053): each key is
 * a prefix range over its index, the cursor is the last row's (paid_at, id), and beside a key the
 * order columns are written `+paid_at` so SQLite takes the key's index and sorts the few rows.
 */
export type PaymentSearch = {
  /** Booking code, plate, name or e-mail (any of them), as the bookings search reads it. */
  q?: string;
  eventId?: number;
  /** The window [from, to) and the cursor are the payments' instants (paid_at). */
} & PageWindow<string>;

export type PaymentsPage = {
  payments: PaymentDto[];
  /** All that match, and their money (not only this page's). */
  total: number;
  totals: { gross: string; refunded: string; net: string };
  nextCursor: string | null;
};

/** What went back of one booking (succeeded refunds), read through refunds_booking_idx. */
const refundedCents = sql<number>`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.bookingId} = ${bookings.id} and ${refunds.status} = 'succeeded')`;
const refundList = sql<string | null>`(select group_concat(${refunds.amountCents} || '@' || ${refunds.createdAt}, ',') from ${refunds} where ${refunds.bookingId} = ${bookings.id} and ${refunds.status} = 'succeeded')`;

function filtersOf(search: PaymentSearch): { where: SQL[]; keyed: boolean } {
  const q = search.q?.trim();
  const keyed = Boolean(q);
  const paidAt = keyed ? sql`+${bookings.paidAt}` : sql`${bookings.paidAt}`;
  // The report's rows (paymentRowsWhere), the status behind a unary + so no status index is chosen.
  const where: SQL[] = [
    // "> 0", not "is not null": a range SQLite answers from the (paid_at, id) index.
    sql`${paidAt} > 0`,
    or(sql`+${bookings.status} in ('paid', 'freed')`, sql`(+${bookings.status} = 'refunded' and exists (select 1 from ${refunds} where ${refunds.bookingId} = ${bookings.id}))`)!,
    sql.raw(paymentRowText(`"bookings"`)),
  ];
  if (q) {
    const terms = (["code", "plate", "name", "email"] as const).map((k) => searchKeys[k](q)).filter((t): t is SQL => t !== null);
    where.push(terms.length ? or(...terms)! : sql`0`);
  }
  if (search.eventId) where.push(eq(bookings.eventId, search.eventId));
  if (search.from !== undefined) where.push(sql`${paidAt} >= ${search.from}`);
  if (search.to !== undefined) where.push(sql`${paidAt} < ${search.to}`);
  return { where, keyed };
}

/** The page's statement and the totals', unrun (the query-plan test reads both). */
export function paymentPageQueries(db: Db, search: PaymentSearch) {
  const { where, keyed } = filtersOf(search);
  const paidAt = keyed ? sql`+${bookings.paidAt}` : sql`${bookings.paidAt}`;
  const after = afterCursor(paidAt, bookings.id, search.cursor);
  const page = db
    .select({ booking: bookings, event: { id: events.id, title: events.title }, rate: { id: rates.id, name: rates.name }, refundedCents, refundList })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .where(and(...where, after))
    .orderBy(desc(paidAt), desc(bookings.id))
    // One more than asked: its presence says there is a next page.
    .limit(search.limit + 1);
  const totals = db
    .select({ n: count(), gross: sql<number>`coalesce(sum(${bookings.amountCents}), 0)`, refunded: sql<number>`coalesce(sum(${refundedCents}), 0)` })
    .from(bookings)
    .where(and(...where));
  return { page, totals };
}

/** One page of payments, newest first, with how many match and what they took, gave back and kept. */
export async function searchPayments(db: Db, search: PaymentSearch): Promise<PaymentsPage> {
  const { page, totals } = paymentPageQueries(db, search);
  const [rows, [sums]] = await Promise.all([page, totals]);
  const { shown, nextCursor } = pageOf(rows, search.limit, (last) => (last.booking.paidAt == null ? null : { at: last.booking.paidAt, id: last.booking.id }));
  const gross = Number(sums.gross);
  const refunded = Number(sums.refunded);
  return {
    payments: shown.map(toPaymentDto),
    total: sums.n,
    totals: { gross: centsToDecimal(gross), refunded: centsToDecimal(refunded), net: centsToDecimal(gross - refunded) },
    nextCursor,
  };
}
