import { refsOf, textOf, type MessageRef } from "./message-ref";
import { compileMessages, type Messages } from "./signatures";
import itFile from "./it.json";

/**
 * Every message a person can read in an API answer, in Italian (spec §5 verbatim where the spec has
 * one): the texts are data, worker/i18n/it.json, and each other language's file mirrors it key by key
 * (worker/i18n/catalogues.ts finds them). Code never passes these texts around: it passes
 * `messages.x` (a reference to the key), and the answer is written in the request's language from
 * that key (worker/middleware/answer-language.ts).
 */
export const messagesIt: Messages = compileMessages(itFile, "it");

/** The names of free-text fields, as the text rule's errors name them (worker/lib/text.ts). */
export const fieldLabels = itFile.fields;

export type { Field, Messages } from "./signatures";

/** References to the catalogue's keys: what services, schemas and middleware pass around. */
export const messages = refsOf(messagesIt);

/**
 * The Italian text of a reference, for words stored rather than answered: a refund's reason in the
 * staff's Italian records, the demo provider's own error texts (as Stripe stores its own).
 */
export const italianText = (ref: MessageRef) => textOf(ref, messagesIt);
