import { languageWays, type Lang } from "../../../shared/lang";
import { compileCatalogue, inLanguage } from "../../../shared/messages";
import type laterFile from "./it.json";

// What each text of the pages after the home needs from the code (web/i18n/later/<lang>.json): a
// module of its own, loaded with the texts when a page asks for them, not with the home.

/** A VAT rate (the API's "22.00") as the language writes it: "22", "10,50" with a decimal comma. */
const vatRate = (rate: string, lang: Lang) => {
  const plain = String(rate).replace(/\.00$/, "");
  return languageWays(lang).decimalComma ? plain.replace(".", ",") : plain;
};

const laterSignatures = {
  myBookings: {
    results: (n: number) => ({ n }),
    qrLabel: (code: string) => ({ code }),
    afterSale: {
      refunded: (amount: string) => ({ amount }),
      partlyRefunded: (refunded: string, paid: string) => ({ refunded, paid }),
    },
    enteredAt: (time: string) => ({ time }),
  },
  pass: {
    manage: {
      cancelUntil: (when: string) => ({ when }),
      cancelled: (amount: string) => ({ amount }),
      plateSaved: (plate: string) => ({ plate }),
    },
    qrLabel: (code: string) => ({ code }),
    enteredAt: (time: string) => ({ time }),
    exitedAt: (time: string) => ({ time }),
  },
  season: {
    qrLabel: (code: string) => ({ code }),
  },
  documents: {
    voucher: (code: string, amount: string) => ({ code, amount }),
    vat: inLanguage((lang, rate: string) => ({ rate: vatRate(rate, lang) })),
    paidByCard: (when: string) => ({ when }),
    refunded: (amount: string, when: string) => ({ amount, when }),
    corrects: (number: string) => ({ number }),
    openReceipt: (number: string) => ({ number }),
    openInvoice: (number: string) => ({ number }),
    openCreditNote: (number: string) => ({ number }),
    requestUntil: (when: string) => ({ when }),
    form: {
      issued: (number: string) => ({ number }),
      already: (number: string) => ({ number }),
    },
  },
  seasonBuy: {
    matches: (n: number) => ({ n }),
    seatsLeft: (n: number) => ({ n }),
    partial: (left: number, all: number) => ({ left, all }),
  },
};

/** A language's file of the later pages' texts (web/i18n/later/<lang>.json), shaped as later/it.json. */
export type LaterFile = typeof laterFile;

/** The later pages' texts of a language as the code reads them. */
export function compileLater(file: LaterFile, lang: Lang) {
  return compileCatalogue(file, laterSignatures, lang, lang);
}
