import { and, eq, gte, lt, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { documents, refunds } from "../../../db/schema";
import type { Db } from "../../db";
import { romeDate, romeMonthRange } from "../../lib/time";
import { centsToDecimal } from "../../../shared/lifecycle/money";
import { rateOfBp, splitVat } from "../../../shared/fiscal";
import { csvField } from "../payments-report";
import { documentNumber } from "./facts";
import { customerOf, documentsOfMonth } from "./read";
import { fileOf, sdiStateOf, submissionsOf } from "../sdi/submissions";
import { zip } from "./zip";

/**
 * The accountant's month (docs/decisions/047-documents.md): one ZIP with every invoice and credit note
 * of the month as FatturaPA XML, a CSV of all documents, and the day-by-day corrispettivi (receipts
 * less refunds) by VAT rate. CSVs as Excel in Italy opens them: UTF-8 with BOM, ';', CRLF, decimal commas.
 */

const KIND_LABELS = { receipt: "Ricevuta", invoice: "Fattura", credit_note: "Nota di credito" } as const;
const SDI_LABELS = { pending: "Da inviare", sent: "Inviata", delivered: "Consegnata", discarded: "Scartata" } as const;

/** Cents as Excel in Italy reads a number: "1234,50", "-7,35" (numbers only: never passed through the text rule). */
const number = (cents: number) => centsToDecimal(cents).replace(".", ",");
const rate = (bp: number) => rateOfBp(bp).replace(".", ",");
const italianDay = (d: Temporal.PlainDate) => `${String(d.day).padStart(2, "0")}/${String(d.month).padStart(2, "0")}/${d.year}`;
const csv = (rows: string[][]) => `\uFEFF${rows.map((r) => r.join(";")).join("\r\n")}\r\n`;

/** A split of a signed amount: a day whose refunds exceed its takings has a negative net. */
function splitSigned(cents: number, rateBp: number) {
  const { taxableCents, vatCents } = splitVat(Math.abs(cents), rateBp);
  return cents < 0 ? { taxableCents: -taxableCents, vatCents: -vatCents } : { taxableCents, vatCents };
}

export type DayRow = { day: string; rateBp: number; receiptsCents: number; refundsCents: number };

/** Per Rome day and VAT rate: what the receipts took and what went back (refunds completed that day). */
export async function corrispettivi(db: Db, month: string): Promise<DayRow[]> {
  const { start, end } = romeMonthRange(Temporal.PlainDate.from(`${month}-01`));
  const [receipts, refundRows] = await db.batch([
    db
      .select({ at: documents.issuedAt, rateBp: documents.vatRateBp, cents: documents.totalCents })
      .from(documents)
      .where(and(eq(documents.kind, "receipt"), gte(documents.issuedAt, start), lt(documents.issuedAt, end))),
    db
      .select({ at: refunds.completedAt, cents: refunds.amountCents, rateBp: sql<number>`coalesce(${documents.vatRateBp}, 0)` })
      .from(refunds)
      .innerJoin(documents, and(eq(documents.bookingId, refunds.bookingId), eq(documents.kind, "receipt")))
      .where(and(eq(refunds.status, "succeeded"), gte(refunds.completedAt, start), lt(refunds.completedAt, end))),
  ]);
  const rows = new Map<string, DayRow>();
  const rowOf = (at: number, rateBp: number) => {
    const day = romeDate(at).toString();
    const key = `${day}|${rateBp}`;
    if (!rows.has(key)) rows.set(key, { day, rateBp, receiptsCents: 0, refundsCents: 0 });
    return rows.get(key)!;
  };
  for (const r of receipts) rowOf(r.at, r.rateBp).receiptsCents += r.cents;
  for (const r of refundRows) rowOf(r.at!, r.rateBp).refundsCents += r.cents;
  return [...rows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.rateBp - b.rateBp);
}

export function corrispettiviCsv(rows: DayRow[]): string {
  const header = ["Giorno", "Aliquota IVA %", "Incassi", "Rimborsi", "Netto", "Imponibile", "IVA"];
  const total = { receipts: 0, refunds: 0, taxable: 0, vat: 0 };
  const lines = rows.map((r) => {
    const net = r.receiptsCents - r.refundsCents;
    const { taxableCents, vatCents } = splitSigned(net, r.rateBp);
    total.receipts += r.receiptsCents;
    total.refunds += r.refundsCents;
    total.taxable += taxableCents;
    total.vat += vatCents;
    return [italianDay(Temporal.PlainDate.from(r.day)), rate(r.rateBp), number(r.receiptsCents), number(r.refundsCents), number(net), number(taxableCents), number(vatCents)];
  });
  const totals = ["Totale", "", number(total.receipts), number(total.refunds), number(total.receipts - total.refunds), number(total.taxable), number(total.vat)];
  return csv([header, ...lines, totals]);
}

export async function documentsCsv(db: Db, month: string): Promise<string> {
  const rows = await documentsOfMonth(db, month);
  const invoices = new Map((await db.select().from(documents).where(eq(documents.kind, "invoice"))).map((d) => [d.id, d]));
  const submissions = await submissionsOf(db, rows.filter((d) => d.kind !== "receipt").map((d) => d.id));
  const header = ["Tipo", "Numero", "Data", "Cliente", "Imponibile", "IVA", "Aliquota IVA %", "Totale", "Fattura collegata", "Stato SdI"];
  const lines = rows.map((d) => {
    const linked = d.invoiceId ? invoices.get(d.invoiceId) : undefined;
    return [
      csvField(KIND_LABELS[d.kind]),
      csvField(documentNumber(d)),
      italianDay(romeDate(d.issuedAt)),
      csvField(customerOf(d)),
      number(d.taxableCents),
      number(d.vatCents),
      rate(d.vatRateBp),
      number(d.totalCents),
      linked ? csvField(documentNumber(linked)) : "",
      d.kind === "receipt" ? "" : SDI_LABELS[sdiStateOf(submissions.get(d.id) ?? []).status],
    ];
  });
  return csv([header, ...lines]);
}

/** The month's ZIP: fatture/<SdI file name>.xml for each invoice and credit note, documenti-<month>.csv, corrispettivi-<month>.csv. */
export async function monthExport(db: Db, month: string): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer> }> {
  const rows = await documentsOfMonth(db, month);
  const invoiceIds = [...new Set(rows.map((r) => r.invoiceId).filter((id): id is string => !!id))];
  const linked = new Map(
    (invoiceIds.length ? await db.select().from(documents).where(sql`${documents.id} in ${invoiceIds}`) : []).map((d) => [d.id, d]),
  );
  const submissions = await submissionsOf(db, rows.filter((d) => d.kind !== "receipt").map((d) => d.id));
  // A file SdI discarded counts as never issued: left out until it is corrected and sent again.
  const xmlEntries = rows
    .filter((d) => d.kind !== "receipt" && sdiStateOf(submissions.get(d.id) ?? []).status !== "discarded")
    .map((d) => {
      const file = fileOf(d, d.invoiceId ? linked.get(d.invoiceId) : null, submissions.get(d.id));
      return { name: `fatture/${file.fileName}`, content: file.xml };
    });
  const bytes = zip([
    ...xmlEntries,
    { name: `documenti-${month}.csv`, content: await documentsCsv(db, month) },
    { name: `corrispettivi-${month}.csv`, content: corrispettiviCsv(await corrispettivi(db, month)) },
  ]);
  return { fileName: `documenti-${month}.zip`, bytes };
}

/** The month before the one containing `now` (Rome): what the cron of the 1st sends. */
export const previousMonth = (now: number) => romeDate(now).with({ day: 1 }).subtract({ months: 1 }).toPlainYearMonth().toString();
