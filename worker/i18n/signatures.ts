import type { Lang } from "../../shared/lang";
import { MAX_RATES } from "../../shared/forms/admin-event-form";
import { MAX_OFFER_MINUTES, MIN_OFFER_MINUTES } from "../../shared/lifecycle/waitlist";
import { formatEuro } from "../../shared/lifecycle/money";
import { compileCatalogue, inLanguage, type Compiled } from "../../shared/messages";
import { named } from "../../shared/message-values";
import { maxMegabytes } from "../../shared/rules";
import { labelIn } from "./field-label";
import type itFile from "./it.json";

/** A language's file of API texts (worker/i18n/<lang>.json): the names of free-text fields, and the messages by key. */
export type MessagesFile = typeof itFile;
/** A free-text field the text rule's errors name (worker/lib/text.ts). */
export type Field = keyof MessagesFile["fields"];

/**
 * What each parametrised message needs from the code, for every language: the code's arguments in
 * order, named as the texts use them. `label` names a field in the text's language.
 */
const signatures = (label: (field: Field, lang?: Lang | null) => string) => {
  const fieldNamed = (field: Field, lang?: Lang | null) => ({ field: label(field, lang) });
  return {
    textBadChars: fieldNamed,
    textOneLine: fieldNamed,
    textTooLong: named.max,
    textTooShort: named.min,
    valueTooBig: named.max,
    valueTooSmall: named.min,
    passwordTooShort: named.min,
    passwordTooLong: named.max,
    bookingCapReached: named.max,
    capacityBelowHeld: (held: number) => ({ held }),
    cancelDeadlinePassed: (hours: number) => ({ hours }),
    refundTooLarge: inLanguage((lang, maxCents: number) => ({ max: formatEuro(maxCents, lang) })),
    refundFailed: (reason: string) => ({ reason }),
    seasonMatchSoldOutNamed: named.match,
    seasonMatchPlayed: named.match,
    seasonMatchShareReason: named.match,
  };
};

/** The limits the texts quote, each from its one home in the code. */
const constants = {
  eventImageMegabytes: maxMegabytes("event"),
  partnerImageMegabytes: maxMegabytes("partner"),
  maxRates: MAX_RATES,
  minOfferMinutes: MIN_OFFER_MINUTES,
  maxOfferMinutes: MAX_OFFER_MINUTES,
};

export type Messages = Compiled<MessagesFile["messages"], ReturnType<typeof signatures>>;

/** A language's messages as the code reads them: each parametrised text a function of its arguments. */
export function compileMessages(file: MessagesFile, lang: Lang): Messages {
  return compileCatalogue(file.messages, signatures(labelIn(file.fields, lang)), lang, lang, constants);
}
