import type { EmailCatalogue } from "../../services/email/catalogue";

/** The customer e-mails in English, key for key with emails/it.ts. */
export const en: EmailCatalogue = {
  dates: { locale: "en-GB", at: (date: string, time: string) => `${date}, ${time} (Italian time)` },
  greeting: (name: string) => `Hello ${name},`,
  signature: "See you soon,\nParcheggi Eventi",
  labels: {
    event: "Event",
    when: "Date and time",
    alwaysActive: "Always open",
    address: "Address",
    maps: "Open in Google Maps",
    rate: "Rate",
    plate: "Number plate",
    amount: "Amount paid",
    code: "Booking code",
    pass: "Your pass",
    passLink: "Open the pass",
    receiptLink: "The payment's receipt, with VAT",
    passHint: "Show this QR code at the gate when you arrive (or open the pass from the link).",
    walletApple: "Add to Apple Wallet",
    walletGoogle: "Add to Google Wallet",
    qrAlt: (code: string) => `Pass QR code ${code}`,
    refunded: "Amount refunded",
    refundBy: "Back on your card by",
    reason: "Reason",
  },
  reasons: {
    customer: "Cancelled by the customer",
    eventCancelled: "Event cancelled",
  },
  confirmation: {
    subject: (event: string) => `Booking confirmed: ${event}`,
    intro: "your payment went through: your parking space is booked. Below are the details and the pass to show at the gate.",
    calendarFile: "parking.ics",
    calendarSummary: (event: string) => `Parking: ${event}`,
  },
  refund: {
    subject: (event: string) => `Refund issued: ${event}`,
    introFull: "we have refunded the full amount of your booking. The space has been released and the pass is no longer valid.",
    introPartial: "we have refunded part of the amount of your booking. Your space and your pass remain valid.",
    timing: "The refund goes back to the card used for the payment, usually within 5-10 working days.",
  },
  cancelled: {
    subject: (event: string) => `Booking cancelled: ${event}`,
    intro: (event: string, when: string) =>
      `as you asked, we have cancelled your booking for ${event} (${when}) and refunded the full amount. The space has been released and the pass is no longer valid.`,
  },
  seasonMatchCancelled: {
    subject: (event: string) => `Match cancelled: ${event}`,
    intro: (event: string, when: string) =>
      `we are sorry: ${event}, planned for ${when}, has been cancelled. Your season pass stays valid for every other match, with the same pass.`,
    share: (amount: string) => `For this match we refund ${amount}, its share of the season pass, to the card you paid with.`,
    none: "The season pass's terms give no refund for cancelled matches.",
    free: "Your season pass was free: there is nothing to refund.",
  },
  eventCancelled: {
    subject: (event: string) => `Event cancelled: ${event}`,
    intro: (event: string, when: string) =>
      `we are sorry: ${event}, planned for ${when}, has been cancelled. You do not need to do anything: we have refunded the full amount and the pass is no longer valid.`,
  },
  postponed: {
    subject: (event: string) => `Event postponed: ${event}`,
    intro: (when: string) => `the event has been postponed to ${when}. Your booking and your pass remain valid for the new date.`,
    cancelWindow: (until: string) => `If you cannot come, you can cancel from your pass and get a full refund until ${until}.`,
    newDate: "New date",
  },
  notice: {
    intro: (event: string) => `a notice from the car park about ${event}:`,
  },
  reminder: {
    subject: (event: string) => `Reminder for tomorrow: ${event}`,
    intro: "a reminder of your parking space tomorrow. Below are the pass to show at the gate, the address and the opening time.",
    gateOpens: "Gate opens",
    canCancel: (until: string) => `If you can no longer come, you can cancel from your pass and get a refund until ${until}.`,
    cannotCancel: "The booking can no longer be cancelled.",
  },
  waitlistOffer: {
    subject: (event: string) => `A space has freed up: ${event}`,
    greeting: "Hello,",
    intro: (event: string) => `a space has freed up for ${event} and it is yours: we are holding it for you until the time below.`,
    how: "Open the link, enter your name and car model and pay to confirm it. If you do not do it in time, the space goes to the next person in line.",
    until: "Space held until",
    price: "Price",
    link: "Book the space",
  },
  waitlistJoined: {
    subject: (event: string) => `You are on the waiting list: ${event}`,
    greeting: "Hello,",
    intro: (event: string) => `you are on the waiting list for ${event}.`,
    how: "If a space frees up we write to you at once: the first in line has the space held for a limited time. The link below shows your place and lets you leave the list.",
    position: "Place",
    place: (n: number) => (n === 1 ? "First in line" : `Number ${n} in line`),
    link: "Your place in line",
  },
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  wallet: {
    description: (event: string) => `Parking pass – ${event}`,
    event: "Event",
    when: "Date and time",
    alwaysActive: "Always open",
    plate: "Plate",
    rate: "Rate",
    code: "Booking code",
    address: "Address",
    status: "Status",
    cancelled: "Cancelled",
    passLink: "The pass online",
    nearby: "You are almost at the car park: have your pass ready for the gate.",
    showAtGate: "Show the QR at the entrance gate.",
  },
};
