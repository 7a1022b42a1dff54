import { and, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { bookings, events, rates, refunds, type BookingKind, type BookingStatus } from "../../db/schema";
import type { Db } from "../db";
import { centsToDecimal, decimalToCentsExact } from "../../shared/lifecycle/money";
import { GARAGE_TIME_ZONE, romeDate, romeDayRange, romeMonthRange, toIso } from "../lib/time";
import { bookingState, type BookingState } from "../../shared/lifecycle/booking";
import { paidRevenueCents, REVENUE_STATUSES } from "./stats";
import { paymentRowText } from "../../shared/lifecycle/season-sql";

export type PaymentDto = {
  id: string;
  customerName: string;
  customerEmail: string;
  licensePlate: string;
  event: { id: number; title: string };
  rate: { id: number; name: string } | null;
  kind: BookingKind;
  amount: string;
  status: BookingStatus;
  paidAt: string;
  stripePaymentIntentId: string | null;
  /** Refunded so far (the sum of its refund rows) and what the garage keeps. */
  refunded: string;
  net: string;
  refunds: { amount: string; at: string }[];
  /** The voucher entered at booking, and what it took off the rate's price. */
  voucherCode: string | null;
  discount: string;
};

export type DateRange = { from?: Temporal.PlainDate; to?: Temporal.PlainDate };

/** The bookings that are the report's payments of the Rome days from…to (also the charts' rows: the same figures). */
export function paymentRowsWhere(range: DateRange) {
  return and(
    // Refunded through the app (it has refund rows): the payment happened and shows with its refunds.
    or(inArray(bookings.status, REVENUE_STATUSES), and(eq(bookings.status, "refunded"), sql`exists (select 1 from ${refunds} where ${refunds.bookingId} = ${bookings.id})`)),
    sql.raw(paymentRowText(`"bookings"`)),
    range.from ? gte(bookings.paidAt, romeDayRange(range.from).start) : undefined,
    range.to ? lt(bookings.paidAt, romeDayRange(range.to).end) : undefined,
  );
}

/** Each booking's succeeded refunds in one row: their sum, and "amount@instant" pairs (for toPaymentDto). */
export function refundedSubquery(db: Db) {
  return db
    .select({
      bookingId: refunds.bookingId,
      cents: sql<number>`sum(${refunds.amountCents})`.as("refunded_cents"),
      list: sql<string>`group_concat(${refunds.amountCents} || '@' || ${refunds.createdAt}, ',')`.as("refund_list"),
    })
    .from(refunds)
    // Only money that went back: a pending refund is not yet, a failed one never.
    .where(eq(refunds.status, "succeeded"))
    .groupBy(refunds.bookingId)
    .as("r");
}

type PaymentRow = {
  booking: typeof bookings.$inferSelect;
  event: { id: number; title: string };
  rate: { id: number | null; name: string | null } | null;
  refundedCents: number | null;
  refundList: string | null;
};

export function toPaymentDto({ booking: b, event, rate, refundedCents, refundList }: PaymentRow): PaymentDto {
  return {
    id: b.id,
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    licensePlate: b.licensePlate,
    event,
    rate: rate?.id == null ? null : { id: rate.id, name: rate.name ?? "" },
    kind: b.kind,
    amount: centsToDecimal(b.amountCents),
    status: b.status,
    paidAt: toIso(b.paidAt)!,
    stripePaymentIntentId: b.paymentIntentId,
    refunded: centsToDecimal(Number(refundedCents ?? 0)),
    net: centsToDecimal(b.amountCents - Number(refundedCents ?? 0)),
    refunds: (refundList ? refundList.split(",") : [])
      .map((pair) => pair.split("@").map(Number))
      .sort((x, y) => x[1] - y[1])
      .map(([cents, at]) => ({ amount: centsToDecimal(cents), at: toIso(at)! })),
    voucherCode: b.voucherCode,
    discount: centsToDecimal(b.discountCents),
  };
}

/** Payments whose paidAt falls on the Rome days from…to (both included), newest first. */
export async function listPayments(db: Db, range: DateRange): Promise<PaymentDto[]> {
  const refunded = refundedSubquery(db);
  const rows = await db
    .select({ booking: bookings, event: { id: events.id, title: events.title }, rate: { id: rates.id, name: rates.name }, refundedCents: refunded.cents, refundList: refunded.list })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(rates, eq(rates.id, bookings.rateId))
    .leftJoin(refunded, eq(refunded.bookingId, bookings.id))
    .where(paymentRowsWhere(range))
    .orderBy(desc(bookings.paidAt), desc(bookings.id));
  return rows.filter((r) => r.booking.paidAt != null).map(toPaymentDto);
}

/** Gross, refunded and net of a list of payments, in cents then as decimals (the tab's and CSV's figures). */
export function paymentsTotals(payments: PaymentDto[]): { gross: string; refunded: string; net: string } {
  const cents = (s: string) => Math.round(Number(s) * 100);
  const gross = payments.reduce((n, p) => n + cents(p.amount), 0);
  const refunded = payments.reduce((n, p) => n + cents(p.refunded), 0);
  return { gross: centsToDecimal(gross), refunded: centsToDecimal(refunded), net: centsToDecimal(gross - refunded) };
}

export type Figure = { amount: string; count: number };
export type PaymentsSummary = {
  today: Figure;
  yesterday: Figure;
  thisMonth: Figure;
  lastMonth: Figure;
  changeVsYesterdayPct: number | null;
  changeVsLastMonthPct: number | null;
  countChangeVsYesterdayPct: number | null;
};

/** Percentage change rounded to one decimal; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Today and this month so far against the whole of yesterday and last month, in Rome's calendar. */
export async function paymentsSummary(db: Db, now: number): Promise<PaymentsSummary> {
  const today = romeDate(now);
  const [t, y, m, lm] = await Promise.all([
    paidRevenueCents(db, romeDayRange(today)),
    paidRevenueCents(db, romeDayRange(today.subtract({ days: 1 }))),
    paidRevenueCents(db, romeMonthRange(today)),
    paidRevenueCents(db, romeMonthRange(today.subtract({ months: 1 }))),
  ]);
  const figure = (x: { cents: number; count: number }): Figure => ({ amount: centsToDecimal(x.cents), count: x.count });
  return {
    today: figure(t),
    yesterday: figure(y),
    thisMonth: figure(m),
    lastMonth: figure(lm),
    changeVsYesterdayPct: percentChange(t.cents, y.cents),
    changeVsLastMonthPct: percentChange(m.cents, lm.cents),
    countChangeVsYesterdayPct: percentChange(t.count, y.count),
  };
}

// ---------- CSV for Italian Excel ----------

export const CSV_HEADERS = ["Data pagamento", "Cliente", "Email", "Targa", "Evento", "Tariffa", "Tipo", "Importo (€)", "Stato", "ID pagamento", "Rimborsato (€)", "Netto (€)", "Rimborsi", "Codice sconto", "Sconto (€)"];
/** The kind of a payment as the owner reads it (the CSV and the charts). */
export const KIND_LABELS: Record<BookingKind, string> = { booking: "Prenotazione", prevendita: "Prevendita", season: "Abbonamento" };
const STATUS_LABELS: Partial<Record<BookingState, string>> = {
  paid: "Pagato",
  partly_refunded: "Rimborsato in parte",
  freed: "Pagato, posto liberato",
  refunded: "Rimborsato",
};
const REFUND_OWED = "Rimborso non ancora riuscito";

/** The CSV's "Stato": what happened to the money, never "Rimborsato" before it went back. */
function statusLabel(p: PaymentDto): string {
  const refunded = decimalToCentsExact(p.refunded);
  if (p.status === "refunded" && refunded < decimalToCentsExact(p.amount)) return REFUND_OWED;
  const state = bookingState({ status: p.status, holdExpiresAt: 0, refundedCents: refunded }, 0);
  return STATUS_LABELS[state] ?? p.status;
}

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break (quotes doubled).
 * Text that Excel (or another spreadsheet) could read as a formula or a DDE call — starting with
 * =, +, -, @, |, a tab, a carriage return or NUL — is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@|\t\r\0]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function romeDateTime(iso: string): string {
  const z = Temporal.Instant.from(iso).toZonedDateTimeISO(GARAGE_TIME_ZONE);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(z.day)}/${p(z.month)}/${z.year} ${p(z.hour)}:${p(z.minute)}`;
}

/** UTF-8 with BOM, ';' separators, CRLF rows, decimal commas: what Excel in Italy opens correctly. */
export function paymentsCsv(payments: PaymentDto[]): string {
  const rows = payments.map((p) => [
    romeDateTime(p.paidAt),
    p.customerName,
    p.customerEmail,
    p.licensePlate,
    p.event.title,
    p.rate?.name ?? "",
    KIND_LABELS[p.kind],
    p.amount.replace(".", ","),
    statusLabel(p),
    p.stripePaymentIntentId ?? "",
    p.refunded.replace(".", ","),
    p.net.replace(".", ","),
    // Each refund with its date: "7,35 il 23/11/2026 15:20 | 12,65 il 24/11/2026 09:00".
    p.refunds.map((r) => `${r.amount.replace(".", ",")} il ${romeDateTime(r.at)}`).join(" | "),
    p.voucherCode ?? "",
    p.discount.replace(".", ","),
  ]);
  return `\uFEFF${[CSV_HEADERS, ...rows].map((r) => r.map(csvField).join(";")).join("\r\n")}\r\n`;
}
