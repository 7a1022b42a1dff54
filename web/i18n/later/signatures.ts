import type { Lang } from "../../../shared/lang";
import { formatVatRate } from "../../../shared/lifecycle/money";
import { compileCatalogue, inLanguage } from "../../../shared/messages";
import { named } from "../../../shared/message-values";
import type laterFile from "./it.json";

// What each text of the pages after the home needs from the code (web/i18n/later/<lang>.json): a
// module of its own, loaded with the texts when a page asks for them, not with the home.

const laterSignatures = {
  myBookings: {
    results: named.count,
    qrLabel: named.code,
    afterSale: { refunded: named.amount, partlyRefunded: (refunded: string, paid: string) => ({ refunded, paid }) },
    enteredAt: named.time,
  },
  pass: {
    manage: { cancelUntil: named.when, cancelled: named.amount, plateSaved: (plate: string) => ({ plate }) },
    qrLabel: named.code,
    enteredAt: named.time,
    exitedAt: named.time,
  },
  season: { qrLabel: named.code },
  documents: {
    voucher: (code: string, amount: string) => ({ code, amount }),
    vat: inLanguage((lang, rate: string) => ({ rate: formatVatRate(String(rate), lang) })),
    paidByCard: named.when,
    refunded: (amount: string, when: string) => ({ amount, when }),
    corrects: named.number,
    openReceipt: named.number,
    openInvoice: named.number,
    openCreditNote: named.number,
    requestUntil: named.when,
    form: { issued: named.number, already: named.number },
  },
  seasonBuy: { matches: named.count, seatsLeft: named.count, partial: (left: number, all: number) => ({ left, all }) },
};

/** A language's file of the later pages' texts (web/i18n/later/<lang>.json), shaped as later/it.json. */
export type LaterFile = typeof laterFile;

/** The later pages' texts of a language as the code reads them. */
export function compileLater(file: LaterFile, lang: Lang) {
  return compileCatalogue(file, laterSignatures, lang, lang);
}
