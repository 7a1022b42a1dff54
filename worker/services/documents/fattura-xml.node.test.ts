import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import type { DocumentRow } from "../../../db/schema";
import { splitVat } from "../../../shared/fiscal";
import { fatturaFactsOf } from "./facts";
import { fatturaXml, sdiArithmeticProblems, type Buyer, type Seller } from "./fattura-xml";
import { GARAGE_FISCAL_IDENTITY } from "../../test/fiscal";

const dir = path.join(import.meta.dirname, "schema");
const XSD = "Schema_del_file_xml_FatturaPA_v1.2.2.xsd";
const schema = { fileName: XSD, contents: readFileSync(path.join(dir, XSD), "utf8") };
const preload = { fileName: "xmldsig-core-schema.xsd", contents: readFileSync(path.join(dir, "xmldsig-core-schema.xsd"), "utf8") };

/** libxml2's verdict on one document against the official schema. */
async function validate(xml: string) {
  const result = await validateXML({ xml: [{ fileName: "fattura.xml", contents: xml }], schema: [schema], preload: [preload] });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

const values = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((m) => m[1]);
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** SdI's arithmetic read back from the XML itself: lines = summary taxable, VAT = taxable × rate (±1 cent), total = taxable + VAT. */
function arithmeticOfXml(xml: string): string[] {
  const lines = values(xml, "PrezzoTotale").map(cents).reduce((a, b) => a + b, 0);
  const taxable = values(xml, "ImponibileImporto").map(cents).reduce((a, b) => a + b, 0);
  const vat = values(xml, "Imposta").map(cents).reduce((a, b) => a + b, 0);
  const [rate] = values(xml, "AliquotaIVA").map(cents);
  const [total] = values(xml, "ImportoTotaleDocumento").map(cents);
  const problems = sdiArithmeticProblems({ totalCents: total, taxableCents: taxable, vatCents: vat, vatRateBp: rate });
  if (lines !== taxable) problems.push(`lines ${lines} ≠ ImponibileImporto ${taxable}`);
  return problems;
}

const seller: Seller = { ...GARAGE_FISCAL_IDENTITY };
const company: Buyer = {
  type: "company",
  denominazione: "Rossi & Figli S.p.A. <Eventi>",
  partitaIva: "01234567897",
  indirizzo: "Via Toledo 1",
  cap: "80134",
  comune: "Napoli",
  provincia: "NA",
  codiceDestinatario: "M5UXCR1",
};
const person: Buyer = {
  type: "person",
  nome: "Mario",
  cognome: "Rossi",
  codiceFiscale: "RSSMRA85T10A562S",
  indirizzo: "Corso Umberto I 20",
  cap: "80138",
  comune: "Napoli",
  codiceDestinatario: "0000000",
};
const companyByPec: Buyer = { ...company, codiceDestinatario: "0000000", pec: "amministrazione@pec.rossi.it" };

const ISSUED = Date.UTC(2026, 10, 27, 10, 0);

/** A document row as the Worker stores it (worker/services/documents/issue.ts), from its facts. */
function doc(over: Partial<DocumentRow> & Pick<DocumentRow, "kind" | "totalCents">): DocumentRow {
  const split = splitVat(over.totalCents, 2200);
  return {
    id: crypto.randomUUID(),
    year: 2026,
    number: 7,
    series: over.kind === "invoice" ? "FE" : "NC",
    issuedAt: ISSUED,
    bookingId: crypto.randomUUID(),
    refundId: null,
    invoiceId: null,
    ...split,
    vatRateBp: 2200,
    itemTitle: "Napoli – Milan",
    rateName: "Auto",
    eventAt: Date.UTC(2026, 11, 6, 19, 45),
    plate: "EZ321KL",
    bookingKind: "booking",
    voucherCode: null,
    discountCents: 0,
    customerName: "Mario Rossi",
    customerEmail: "mario@example.it",
    paymentProvider: "stripe",
    paidAt: ISSUED,
    lang: "it",
    seller: seller as unknown as Record<string, unknown>,
    buyer: company as unknown as Record<string, unknown>,
    createdAt: ISSUED,
    ...over,
  };
}

const asRecord = (b: Buyer) => b as unknown as Record<string, unknown>;

describe("FatturaPA XML against the official schema (libxml2) and SdI's arithmetic", () => {
  const invoice = doc({ kind: "invoice", totalCents: 1500 });
  const cases: [string, DocumentRow, DocumentRow | null][] = [
    ["an ordinary booking, invoiced to a company with a destination code", invoice, null],
    ["a private person (codice fiscale, 0000000)", doc({ kind: "invoice", totalCents: 2000, buyer: asRecord(person) }), null],
    ["a company reached by PEC", doc({ kind: "invoice", totalCents: 2000, buyer: asRecord(companyByPec) }), null],
    ["a season pass", doc({ kind: "invoice", totalCents: 12_000, itemTitle: "Abbonamento Serie A 2026/27", rateName: null, eventAt: null, bookingKind: "season" }), null],
    ["a voucher (the discounted amount)", doc({ kind: "invoice", totalCents: 1050, voucherCode: "AMICI30", discountCents: 450 }), null],
    ["a credit note for a partial refund (TD04 with DatiFattureCollegate)", doc({ kind: "credit_note", totalCents: 735, number: 1, invoiceId: invoice.id }), invoice],
    ["a credit note for the whole invoice", doc({ kind: "credit_note", totalCents: 1500, number: 2, invoiceId: invoice.id }), invoice],
  ];

  for (const [name, row, linked] of cases) {
    it(name, async () => {
      const xml = fatturaXml(fatturaFactsOf(row, linked));
      expect(await validate(xml)).toEqual({ valid: true, errors: [] });
      expect(arithmeticOfXml(xml)).toEqual([]);
      expect(values(xml, "TipoDocumento")).toEqual([row.kind === "invoice" ? "TD01" : "TD04"]);
      expect(values(xml, "ImportoTotaleDocumento")).toEqual([(row.totalCents / 100).toFixed(2)]);
      if (linked) expect(values(xml, "IdDocumento")).toEqual(["FE7/2026"]);
    });
  }

  it("the buyer's words are escaped, never markup", () => {
    const xml = fatturaXml(fatturaFactsOf(invoice));
    expect(xml).toContain("<Denominazione>Rossi &amp; Figli S.p.A. &lt;Eventi&gt;</Denominazione>");
  });

  it("a broken document is refused: the schema catches a missing CAP and a wrong document type; the arithmetic check a wrong VAT", async () => {
    const good = fatturaXml(fatturaFactsOf(invoice));
    const noCap = good.replace("<CAP>80134</CAP>", "");
    expect((await validate(noCap)).valid).toBe(false);
    const td99 = good.replace("<TipoDocumento>TD01</TipoDocumento>", "<TipoDocumento>TD99</TipoDocumento>");
    const verdict = await validate(td99);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.join("\n")).toContain("TD99");
    // Valid for the schema, wrong for SdI: 3,00 of VAT on 12,30 at 22 %.
    const wrongVat = good.replace("<Imposta>2.70</Imposta>", "<Imposta>3.00</Imposta>");
    expect((await validate(wrongVat)).valid).toBe(true);
    expect(arithmeticOfXml(wrongVat)).toHaveLength(2);
  });
});
