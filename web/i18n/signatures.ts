import type { Lang } from "../../shared/lang";
import { formatEuro } from "../../shared/lifecycle/money";
import { compileCatalogue } from "../../shared/messages";
import type homeFile from "./it.json";

/**
 * What each public text needs from the code, for every language: the code's arguments in order,
 * named as the texts use them. The texts are data, web/i18n/<lang>.json (the home's; the pages
 * after it: later/signatures.ts); shared/messages.ts reads their format.
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

/** A language's file of the home's texts (web/i18n/<lang>.json), shaped as it.json. */
export type HomeFile = typeof homeFile;
/** The home's texts of a language as the code reads them, with how the language writes an amount. */
export function compileHome(file: HomeFile, lang: Lang) {
  return {
    /** "€ 15,00", "€15.00", "15,00 €": the language's way (shared/lang.ts). */
    money: (amount: string | number) => formatEuro(amount, lang),
    ...compileCatalogue(file, homeSignatures, lang, file.dates.locale),
  };
}
