/**
 * Every word the customer e-mails say, in Italian: the shape every other language's e-mails fill
 * (worker/i18n/emails/<lang>.ts, typed `EmailCatalogue`; worker/services/email/catalogue.ts finds
 * them by the list of languages). The booking's language (bookings.lang) picks the file.
 */
export const it = {
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
    receiptLink: "La ricevuta del pagamento, con l'IVA",
    nextEvents: "Prenota il parcheggio per i prossimi eventi",
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
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  wallet: {
    description: (event: string) => `Pass parcheggio – ${event}`,
    event: "Evento",
    when: "Data e ora",
    alwaysActive: "Sempre attivo",
    plate: "Targa",
    rate: "Tariffa",
    code: "Codice prenotazione",
    address: "Indirizzo",
    status: "Stato",
    cancelled: "Annullato",
    passLink: "Il pass online",
    nearby: "Sei quasi al parcheggio: tieni pronto il pass per il varco.",
    showAtGate: "Mostra il QR al varco all'ingresso.",
    seasonDescription: (season: string) => `Abbonamento parcheggio – ${season}`,
    season: "Abbonamento",
    nextMatch: "Prossima partita",
    noMatch: "Nessuna partita in programma",
  },
} as const;
