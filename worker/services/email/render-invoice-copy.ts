import { and, eq } from "drizzle-orm";
import { documents } from "../../../db/schema";
import type { Db } from "../../db";
import { emailCatalogues } from "./catalogue";
import { escapeHtml, euro, romeLongDate } from "./format";
import { documentNumber, lineDescription } from "../documents/facts";
import { customerOf } from "../documents/read";
import { rateOfBp } from "../../../shared/fiscal";
import { formatVatRate } from "../../../shared/lifecycle/money";
import { layout, textOf, type RenderedEmail, type Row } from "./layout";

/**
 * The courtesy copy of a booking's invoice, in the booking's language, from the facts the invoice
 * stored (so it reads the same whatever happened to the booking since): no PDF, the figures and a
 * link to the invoice's printable page.
 */
export async function renderInvoiceCopy(db: Db, env: Env, bookingId: string): Promise<RenderedEmail | null> {
  const doc = await db.select().from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "invoice"))).get();
  if (!doc) return null;
  const lang = doc.lang;
  const t = emailCatalogues[lang];
  const c = t.invoiceCopy;
  const number = documentNumber(doc);
  const date = romeLongDate(doc.issuedAt, t.dates);
  const link = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/ricevuta/${doc.id}?lang=${lang}`;
  const rows: Row[] = [
    { label: c.number, value: number },
    { label: c.date, value: date },
    { label: c.buyer, value: customerOf(doc) },
    { label: c.item, value: lineDescription(doc) },
    { label: c.taxable, value: euro(doc.taxableCents, lang) },
    { label: c.vat(formatVatRate(rateOfBp(doc.vatRateBp), lang)), value: euro(doc.vatCents, lang) },
    { label: c.total, value: euro(doc.totalCents, lang) },
  ];
  const paragraphs = [t.greeting(doc.customerName), c.intro(number, date), c.legal];
  const subject = c.subject(number);
  const linkHtml = `<p style="margin:16px 0 0"><a href="${escapeHtml(link)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(c.link)}</a></p>`;
  return {
    to: doc.customerEmail,
    subject,
    html: layout(t, lang, subject, paragraphs, rows, linkHtml + `<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(t.signature).replace(/\n/g, "<br>")}</p>`),
    text: textOf(paragraphs, rows, [`${c.link}: ${link}`, "", t.signature]),
    attachments: [],
  };
}
