import { decimalToCentsExact } from "../../../shared/lifecycle/money";
import type { SdiIntermediary, SdiOutcome } from "./types";

/**
 * The local stand-in of an SdI intermediary, used only in demo mode (docs/decisions/044-fail-closed.md):
 * it runs two of SdI's checks on the file itself and answers at once. It keeps nothing: the id of a file
 * is its name and its verdict, so the same file sent twice is the same file, as at the real channel.
 *
 * It discards a CodiceDestinatario of "XXXXXXX" (the code for foreign customers) on a file to an
 * Italian customer, and totals whose VAT is not taxable × rate within a cent; everything else is delivered.
 */
export const STAND_IN_FOREIGN_CODE = "XXXXXXX";

const field = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? null;
const cents = (v: string | null) => (v == null ? NaN : decimalToCentsExact(v));

const REASONS = {
  foreign: `CodiceDestinatario ${STAND_IN_FOREIGN_CODE} è riservato ai clienti esteri, ma il cliente è italiano (stand-in locale di SdI)`,
  vat: "Imposta diversa da ImponibileImporto × AliquotaIVA (stand-in locale di SdI)",
} as const;

/** SdI's verdict on a file, as far as the stand-in can judge it: "delivered" or the key of its discard reason. */
export function standInVerdict(xml: string): "delivered" | keyof typeof REASONS {
  const code = field(xml, "CodiceDestinatario");
  const cessionario = xml.slice(xml.indexOf("<CessionarioCommittente>"));
  if (code === STAND_IN_FOREIGN_CODE && field(cessionario, "Nazione") === "IT") return "foreign";
  const taxable = cents(field(xml, "ImponibileImporto"));
  const vat = cents(field(xml, "Imposta"));
  const rate = Number(field(xml, "AliquotaIVA"));
  if (!(Math.abs(vat - (taxable * rate) / 100) <= 1)) return "vat";
  return "delivered";
}

export const sdiStandIn: SdiIntermediary = {
  name: "stand-in",
  async send(file) {
    return { transmissionId: `standin:${standInVerdict(file.xml)}:${file.fileName}` };
  },
  async outcome(transmissionId): Promise<SdiOutcome> {
    const verdict = transmissionId.split(":")[1];
    if (verdict === "delivered") return { state: "delivered" };
    if (verdict === "foreign" || verdict === "vat") return { state: "discarded", reason: REASONS[verdict] };
    return { state: "sent" };
  },
};
