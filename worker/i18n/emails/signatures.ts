import { named } from "../../../shared/message-values";

/**
 * What each e-mail text needs from the code, for every language (the texts themselves are data:
 * worker/i18n/emails/<lang>.json, Italian the shape the others fill; the format is shared/messages.ts's).
 * A signature takes the code's arguments in order and names them as the texts use them.
 */
export const emailSignatures = {
  dates: { at: named.dateAndTime },
  greeting: (name: string) => ({ name }),
  labels: { qrAlt: named.code },
  confirmation: { subject: named.event, calendarSummary: named.event },
  refund: { subject: named.event },
  cancelled: { subject: named.event, intro: named.eventAndWhen },
  seasonMatchCancelled: { subject: named.event, intro: named.eventAndWhen, share: named.amount },
  eventCancelled: { subject: named.event, intro: named.eventAndWhen },
  postponed: { subject: named.event, intro: named.when, cancelWindow: named.until },
  notice: { intro: named.event },
  reminder: { subject: named.event, canCancel: named.until },
  waitlistOffer: { subject: named.event, intro: named.event },
  waitlistJoined: { subject: named.event, intro: named.event, place: named.count },
  invoiceCopy: { subject: named.number, intro: (number: string, date: string) => ({ number, date }), vat: (rate: string) => ({ rate }) },
  wallet: { description: named.event, seasonDescription: (season: string) => ({ season }) },
} as const;
