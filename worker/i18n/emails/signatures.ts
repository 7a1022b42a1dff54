/**
 * What each e-mail text needs from the code, for every language (the texts themselves are data:
 * worker/i18n/emails/<lang>.json, Italian the shape the others fill; the format is shared/messages.ts's).
 * A signature takes the code's arguments in order and names them as the texts use them.
 */
export const emailSignatures = {
  dates: {
    at: (date: string, time: string) => ({ date, time }),
  },
  greeting: (name: string) => ({ name }),
  labels: {
    qrAlt: (code: string) => ({ code }),
  },
  confirmation: {
    subject: (event: string) => ({ event }),
    calendarSummary: (event: string) => ({ event }),
  },
  refund: {
    subject: (event: string) => ({ event }),
  },
  cancelled: {
    subject: (event: string) => ({ event }),
    intro: (event: string, when: string) => ({ event, when }),
  },
  seasonMatchCancelled: {
    subject: (event: string) => ({ event }),
    intro: (event: string, when: string) => ({ event, when }),
    share: (amount: string) => ({ amount }),
  },
  eventCancelled: {
    subject: (event: string) => ({ event }),
    intro: (event: string, when: string) => ({ event, when }),
  },
  postponed: {
    subject: (event: string) => ({ event }),
    intro: (when: string) => ({ when }),
    cancelWindow: (until: string) => ({ until }),
  },
  notice: {
    intro: (event: string) => ({ event }),
  },
  reminder: {
    subject: (event: string) => ({ event }),
    canCancel: (until: string) => ({ until }),
  },
  waitlistOffer: {
    subject: (event: string) => ({ event }),
    intro: (event: string) => ({ event }),
  },
  waitlistJoined: {
    subject: (event: string) => ({ event }),
    intro: (event: string) => ({ event }),
    place: (n: number) => ({ n }),
  },
  invoiceCopy: {
    subject: (number: string) => ({ number }),
    intro: (number: string, date: string) => ({ number, date }),
    vat: (rate: string) => ({ rate }),
  },
  wallet: {
    description: (event: string) => ({ event }),
    seasonDescription: (season: string) => ({ season }),
  },
} as const;
