import { centsToDecimal } from "../../../shared/lifecycle/money";
import { NO_DESTINATION_CODE, rateOfBp } from "../../../shared/fiscal";

/**
 * The FatturaPA XML (version 1.2.2, FPR12: between private parties) of one invoice (TD01) or credit
 * note (TD04), written from the facts the document stored when it was issued. A pure function: the
 * tests validate its output against the Agenzia delle Entrate's schema (schema/, libxml2) and check
 * SdI's arithmetic, which the schema does not.
 */

export type Seller = {
  ragioneSociale: string;
  partitaIva: string;
  codiceFiscale: string;
  indirizzo: string;
  cap: string;
  comune: string;
  provincia: string;
  regimeFiscale: string;
};

type Address = { indirizzo: string; cap: string; comune: string; provincia?: string | null };
type Delivery = { codiceDestinatario: string; pec?: string | null };

export type Buyer =
  | ({ type: "company"; denominazione: string; partitaIva: string; codiceFiscale?: string | null } & Address & Delivery)
  | ({ type: "person"; nome: string; cognome: string; codiceFiscale: string } & Address & Delivery);

export type FatturaFacts = {
  kind: "invoice" | "credit_note";
  /** The document's number as printed ("FE12/2026"). */
  numero: string;
  /** Its date, YYYY-MM-DD (Rome). */
  data: string;
  totalCents: number;
  taxableCents: number;
  vatCents: number;
  vatRateBp: number;
  description: string;
  seller: Seller;
  buyer: Buyer;
  /** The file's progressive (≤ 10 letters or digits, a new one for every sending). */
  progressivoInvio: string;
  /** TD04: the invoice it corrects. */
  linked?: { numero: string; data: string };
};

const TYPOGRAPHIC: Record<string, string> = { "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "€": "EUR" };

/** FatturaPA texts are Latin-1 only: typographic marks become their plain twins, other letters lose their accents, the rest a "?". */
function latin1(value: string): string {
  return [...value.normalize("NFC")]
    .map((ch) => {
      if (ch.charCodeAt(0) <= 0xff) return ch;
      if (TYPOGRAPHIC[ch]) return TYPOGRAPHIC[ch];
      const base = [...ch.normalize("NFKD")].filter((c) => c.charCodeAt(0) <= 0xff).join("");
      return base || "?";
    })
    .join("");
}

/** XML text: Latin-1, control characters dropped, cut to the field's maximum, the five entities escaped. */
function text(value: string, max: number): string {
  const clean = latin1(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
  return clean.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const tag = (name: string, inner: string) => `<${name}>${inner}</${name}>`;
const amount = (cents: number) => centsToDecimal(cents);

function sede(a: Address): string {
  return tag(
    "Sede",
    tag("Indirizzo", text(a.indirizzo, 60)) +
      tag("CAP", text(a.cap, 5)) +
      tag("Comune", text(a.comune, 60)) +
      (a.provincia ? tag("Provincia", text(a.provincia.toUpperCase(), 2)) : "") +
      tag("Nazione", "IT"),
  );
}

export function fatturaXml(f: FatturaFacts): string {
  const s = f.seller;
  const b = f.buyer;
  const destination = b.codiceDestinatario || NO_DESTINATION_CODE;
  const buyerIds =
    b.type === "company"
      ? tag("IdFiscaleIVA", tag("IdPaese", "IT") + tag("IdCodice", b.partitaIva)) + (b.codiceFiscale ? tag("CodiceFiscale", b.codiceFiscale) : "")
      : tag("CodiceFiscale", b.codiceFiscale);
  const buyerName = b.type === "company" ? tag("Denominazione", text(b.denominazione, 80)) : tag("Nome", text(b.nome, 60)) + tag("Cognome", text(b.cognome, 60));
  const rate = rateOfBp(f.vatRateBp);
  const header = tag(
    "FatturaElettronicaHeader",
    tag(
      "DatiTrasmissione",
      tag("IdTrasmittente", tag("IdPaese", "IT") + tag("IdCodice", s.partitaIva)) +
        tag("ProgressivoInvio", f.progressivoInvio) +
        tag("FormatoTrasmissione", "FPR12") +
        tag("CodiceDestinatario", destination) +
        (destination === NO_DESTINATION_CODE && b.pec ? tag("PECDestinatario", text(b.pec, 256)) : ""),
    ) +
      tag(
        "CedentePrestatore",
        tag(
          "DatiAnagrafici",
          tag("IdFiscaleIVA", tag("IdPaese", "IT") + tag("IdCodice", s.partitaIva)) +
            tag("CodiceFiscale", s.codiceFiscale) +
            tag("Anagrafica", tag("Denominazione", text(s.ragioneSociale, 80))) +
            tag("RegimeFiscale", s.regimeFiscale),
        ) + sede(s),
      ) +
      tag("CessionarioCommittente", tag("DatiAnagrafici", buyerIds + tag("Anagrafica", buyerName)) + sede(b)),
  );
  const generali =
    tag(
      "DatiGeneraliDocumento",
      tag("TipoDocumento", f.kind === "invoice" ? "TD01" : "TD04") +
        tag("Divisa", "EUR") +
        tag("Data", f.data) +
        tag("Numero", text(f.numero, 20)) +
        tag("ImportoTotaleDocumento", amount(f.totalCents)),
    ) + (f.linked ? tag("DatiFattureCollegate", tag("IdDocumento", text(f.linked.numero, 20)) + tag("Data", f.linked.data)) : "");
  const beni = tag(
    "DatiBeniServizi",
    tag(
      "DettaglioLinee",
      tag("NumeroLinea", "1") +
        tag("Descrizione", text(f.description, 1000)) +
        tag("Quantita", "1.00") +
        tag("PrezzoUnitario", amount(f.taxableCents)) +
        tag("PrezzoTotale", amount(f.taxableCents)) +
        tag("AliquotaIVA", rate),
    ) +
      tag(
        "DatiRiepilogo",
        tag("AliquotaIVA", rate) + tag("ImponibileImporto", amount(f.taxableCents)) + tag("Imposta", amount(f.vatCents)) + tag("EsigibilitaIVA", "I"),
      ),
  );
  // Paid by card at booking: the invoice records the payment as done (TP02 complete, MP08 card).
  const pagamento =
    f.kind === "invoice"
      ? tag("DatiPagamento", tag("CondizioniPagamento", "TP02") + tag("DettaglioPagamento", tag("ModalitaPagamento", "MP08") + tag("ImportoPagamento", amount(f.totalCents))))
      : "";
  const body = tag("FatturaElettronicaBody", tag("DatiGenerali", generali) + beni + pagamento);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<p:FatturaElettronica versione="FPR12" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    header +
    body +
    `</p:FatturaElettronica>\n`
  );
}

/** The file name SdI expects: IT + the sender's partita IVA + "_" + the progressive. */
export const fatturaFileName = (f: Pick<FatturaFacts, "seller" | "progressivoInvio">) => `IT${f.seller.partitaIva}_${f.progressivoInvio}.xml`;

/**
 * SdI's arithmetic, which the schema does not check: every summary's VAT is its taxable × rate within
 * a cent, the lines add up to the summaries, and the document's total is taxable + VAT. An empty list: none broken.
 */
export function sdiArithmeticProblems(f: Pick<FatturaFacts, "totalCents" | "taxableCents" | "vatCents" | "vatRateBp">): string[] {
  const problems: string[] = [];
  const expectedVat = (f.taxableCents * f.vatRateBp) / 10_000;
  if (Math.abs(f.vatCents - expectedVat) > 1) problems.push(`Imposta ${amount(f.vatCents)} ≠ ImponibileImporto × AliquotaIVA (${(expectedVat / 100).toFixed(4)})`);
  if (f.taxableCents + f.vatCents !== f.totalCents) problems.push(`ImportoTotaleDocumento ${amount(f.totalCents)} ≠ ImponibileImporto + Imposta`);
  if (f.taxableCents < 0 || f.vatCents < 0) problems.push("negative amount");
  return problems;
}
