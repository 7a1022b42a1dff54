import { languageWays, type Lang } from "../../shared/lang";
import { formatEuro } from "../../shared/lifecycle/money";
import { compileCatalogue, inLanguage } from "../../shared/messages";
import type homeFile from "./it.json";
import type laterFile from "./later/it.json";

/**
 * What each public text needs from the code, for every language: the code's arguments in order,
 * named as the texts use them. The texts are data, web/i18n/<lang>.json (the home's) and
 * web/i18n/later/<lang>.json (the pages after it); shared/messages.ts reads their format.
 */
const homeSignatures = {
  dates: {
    at: (date: string, time: string) => ({ date, time }),
    minutesAgo: (n: number) => ({ n }),
    hoursAgo: (n: number) => ({ n }),
    daysAgo: (n: number) => ({ n }),
  },
  home: {
    reviews: {
      starsLabel: (n: number) => ({ n }),
    },
  },
  eventCard: {
    postponedFrom: (when: string) => ({ when }),
    rates: (n: number) => ({ n }),
    freeSpots: (n: number) => ({ n }),
    fromPrice: (price: string) => ({ price }),
  },
  booking: {
    submit: (price: string) => ({ price }),
  },
  presale: {
    submit: (price: string) => ({ price }),
  },
  checkout: {
    discount: (code: string) => ({ code }),
    pay: (amount: string) => ({ amount }),
  },
  eventPage: {
    title: (event: string) => ({ event }),
    description: (event: string, when: string, spots: string) => ({ event, when, spots }),
    spotsLeft: (n: number) => ({ n }),
    shareText: (event: string) => ({ event }),
    openPage: (event: string) => ({ event }),
  },
  waitlist: {
    position: (n: number) => ({ n }),
    offeredText: (until: string) => ({ until }),
    take: (price: string) => ({ price }),
    expiresIn: (minutes: number) => ({ minutes }),
  },
  notices: {
    postedAt: (when: string) => ({ when }),
  },
};

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

/** A language's file of the home's texts (web/i18n/<lang>.json), shaped as it.json. */
export type HomeFile = typeof homeFile;
/** A language's file of the later pages' texts (web/i18n/later/<lang>.json), shaped as later/it.json. */
export type LaterFile = typeof laterFile;

/** The home's texts of a language as the code reads them, with how the language writes an amount. */
export function compileHome(file: HomeFile, lang: Lang) {
  return {
    /** "€ 15,00", "€15.00", "15,00 €": the language's way (shared/lang.ts). */
    money: (amount: string | number) => formatEuro(amount, lang),
    ...compileCatalogue(file, homeSignatures, lang, file.dates.locale),
  };
}

/** The later pages' texts of a language as the code reads them. */
export function compileLater(file: LaterFile, lang: Lang) {
  return compileCatalogue(file, laterSignatures, lang, lang);
}
