import type { Lang } from "../../shared/lang";
import { formatEuro } from "../../shared/lifecycle/money";
import { compileCatalogue } from "../../shared/messages";
import { named } from "../../shared/message-values";
import type homeFile from "./it.json";

/**
 * What each public text needs from the code, for every language: the code's arguments in order,
 * named as the texts use them. The texts are data, web/i18n/<lang>.json (the home's; the pages
 * after it: later/signatures.ts); shared/messages.ts reads their format.
 */
const homeSignatures = {
  dates: { at: named.dateAndTime, minutesAgo: named.count, hoursAgo: named.count, daysAgo: named.count },
  home: { reviews: { starsLabel: named.count } },
  eventCard: { postponedFrom: named.when, rates: named.count, freeSpots: named.count, fromPrice: named.price },
  booking: { submit: named.price },
  presale: { submit: named.price },
  checkout: { discount: named.code, pay: named.amount },
  eventPage: {
    title: named.event,
    description: (event: string, when: string, spots: string) => ({ event, when, spots }),
    spotsLeft: named.count,
    shareText: named.event,
    openPage: named.event,
  },
  waitlist: { position: named.count, offeredText: named.until, take: named.price, expiresIn: (minutes: number) => ({ minutes }) },
  notices: { postedAt: named.when },
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
