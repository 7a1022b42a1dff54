/**
 * Every word the customer e-mails say, per language: the booking's language (bookings.lang) picks
 * the entry. `en` is typed against `it`, so a key missing from either fails type-checking.
 */
const it = {
  /** How dates are written (the site's it.ts / en.ts `dates`), always in Rome time. */
  dates: { locale: "it-IT", at: (date: string, time: string) => `${date} ore ${time}` },
  greeting: (name: string) => `Ciao ${name},`,
  signature: "A presto,\nParcheggi Eventi",
  labels: {
    event: "Evento",
    when: "Data e ora",
    alwaysActive: "Sempre attivo",
    address: "Indirizzo",
    maps: "Apri in Google Maps",
    rate: "Tariffa",
    plate: "Targa",
    amount: "Importo pagato",
    code: "Codice prenotazione",
    pass: "Il tuo pass",
    passLink: "Apri il pass",
    nextEvents: "Prenota il parcheggio per i prossimi eventi",
    receiptLink: "La ricevuta del pagamento, con l'IVA",
    passHint: "Mostra questo QR al varco all'ingresso (oppure apri il pass dal link).",
    walletApple: "Aggiungi a Apple Wallet",
    walletGoogle: "Aggiungi a Google Wallet",
    qrAlt: (code: string) => `QR del pass ${code}`,
    refunded: "Importo rimborsato",
    refundBy: "Sulla carta entro",
    reason: "Motivo",
  },
  /** Reasons the system itself stores on a refund (cancellations.ts, event-cancellation.ts store the Italian); staff's free text stays as typed. */
  reasons: {
    customer: "Annullata dal cliente",
    eventCancelled: "Evento annullato",
  },
  confirmation: {
    subject: (event: string) => `Prenotazione confermata: ${event}`,
    intro: "il pagamento è andato a buon fine: il tuo posto è prenotato. Qui sotto trovi il riepilogo e il pass da mostrare al varco.",
    calendarFile: "parcheggio.ics",
    calendarSummary: (event: string) => `Parcheggio: ${event}`,
  },
  refund: {
    subject: (event: string) => `Rimborso effettuato: ${event}`,
    introFull: "abbiamo rimborsato l'intero importo della tua prenotazione. Il posto è stato liberato e il pass non è più valido.",
    introPartial: "abbiamo rimborsato una parte dell'importo della tua prenotazione. Il posto e il pass restano validi.",
    timing: "Il rimborso arriva sulla carta usata per il pagamento, di solito entro 5-10 giorni lavorativi.",
  },
  /** The customer cancelled from the pass: the refund e-mail says so. */
  cancelled: {
    subject: (event: string) => `Prenotazione annullata: ${event}`,
    intro: (event: string, when: string) =>
      `come hai chiesto, abbiamo annullato la tua prenotazione per ${event} (${when}) e ti abbiamo rimborsato l'intero importo. Il posto è stato liberato e il pass non è più valido.`,
  },
  /** The garage cancelled the event ("Annulla evento"). */
  /** "Annulla evento" on one match of a season pass: the rest of the season stands (decision 045). */
  seasonMatchCancelled: {
    subject: (event: string) => `Partita annullata: ${event}`,
    intro: (event: string, when: string) =>
      `ci dispiace: ${event}, prevista per ${when}, è stata annullata. Il tuo abbonamento resta valido per tutte le altre partite, con lo stesso pass.`,
    share: (amount: string) => `Per questa partita ti rimborsiamo ${amount}, la sua quota dell'abbonamento, sulla carta usata per il pagamento.`,
    none: "Le condizioni dell'abbonamento non prevedono rimborsi per le partite annullate.",
    free: "Il tuo abbonamento è gratuito: non c'è nulla da rimborsare.",
  },
  eventCancelled: {
    subject: (event: string) => `Evento annullato: ${event}`,
    intro: (event: string, when: string) =>
      `ci dispiace: ${event}, previsto per ${when}, è stato annullato. Non devi fare nulla: ti abbiamo rimborsato l'intero importo e il pass non è più valido.`,
  },
  postponed: {
    subject: (event: string) => `Evento rinviato: ${event}`,
    intro: (when: string) => `l'evento è stato rinviato a ${when}. La tua prenotazione e il tuo pass restano validi per la nuova data.`,
    cancelWindow: (until: string) => `Se non puoi venire, puoi annullare dal tuo pass e ricevere il rimborso completo fino a ${until}.`,
    newDate: "Nuova data",
  },
  notice: {
    intro: (event: string) => `un avviso dal parcheggio per ${event}:`,
  },
  reminder: {
    subject: (event: string) => `Promemoria per domani: ${event}`,
    intro: "ti ricordiamo il tuo parcheggio di domani. Qui sotto trovi il pass da mostrare al varco, l'indirizzo e l'orario di apertura.",
    gateOpens: "Apertura varco",
    canCancel: (until: string) => `Se non puoi più venire, puoi annullare dal tuo pass e ricevere il rimborso fino a ${until}.`,
    cannotCancel: "La prenotazione non è più annullabile.",
  },
  waitlistOffer: {
    subject: (event: string) => `Si è liberato un posto: ${event}`,
    greeting: "Ciao,",
    intro: (event: string) => `si è liberato un posto per ${event} ed è tuo: è tenuto da parte per te fino all'ora indicata qui sotto.`,
    how: "Apri il link, inserisci nome e modello dell'auto e paga per confermarlo. Se non lo fai in tempo, il posto passa al prossimo in lista.",
    until: "Posto tenuto fino a",
    price: "Prezzo",
    link: "Prenota il posto",
  },
  waitlistJoined: {
    subject: (event: string) => `Sei in lista d'attesa: ${event}`,
    greeting: "Ciao,",
    intro: (event: string) => `sei in lista d'attesa per ${event}.`,
    how: "Se si libera un posto ti scriviamo subito: il primo in lista ha il posto tenuto da parte per un tempo limitato. Dal link qui sotto vedi la tua posizione e puoi lasciare la lista.",
    position: "Posizione",
    place: (n: number) => (n === 1 ? "Primo in lista" : `${n}° in lista`),
    link: "La tua posizione in lista",
  },
  /** The courtesy copy of an invoice (copia di cortesia): the legal one is the XML sent through SdI (docs/decisions/055-sdi-sending.md). */
  invoiceCopy: {
    subject: (number: string) => `La tua fattura ${number}`,
    intro: (number: string, date: string) => `ecco la copia di cortesia della fattura ${number} del ${date}, emessa come ci hai chiesto.`,
    legal: "La fattura elettronica originale è il file XML trasmesso tramite il Sistema di Interscambio (SdI): la trovi anche nel tuo cassetto fiscale sul sito dell'Agenzia delle Entrate.",
    number: "Numero",
    date: "Data",
    buyer: "Intestata a",
    item: "Acquisto",
    taxable: "Imponibile",
    vat: (rate: string) => `IVA ${rate}%`,
    total: "Totale",
    link: "Apri la fattura (stampabile)",
  },
} as const;

/** The shape of `it` with its words widened to string, so another language can fill it. */
type Words<T> = T extends string ? string : T extends (...args: infer A) => unknown ? (...args: A) => string : { [K in keyof T]: Words<T[K]> };
export type EmailCatalogue = Words<typeof it>;
export type EmailLocale = "it" | "en";

const en: EmailCatalogue = {
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
    nextEvents: "Book parking for the next events",
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
  invoiceCopy: {
    subject: (number: string) => `Your invoice ${number}`,
    intro: (number: string, date: string) => `here is the courtesy copy of invoice ${number} of ${date}, issued as you asked.`,
    legal: "The original electronic invoice is the XML file sent through Italy's Exchange System (SdI): an Italian business also finds it in its cassetto fiscale on the Agenzia delle Entrate's website.",
    number: "Number",
    date: "Date",
    buyer: "Issued to",
    item: "Purchase",
    taxable: "Taxable amount",
    vat: (rate: string) => `VAT ${rate}%`,
    total: "Total",
    link: "Open the invoice (printable)",
  },
};

export const emailCatalogues: Record<EmailLocale, EmailCatalogue> = { it, en };
