/**
 * Every word the customer e-mails say, per language. Italian today; issue #14 adds English as a
 * second entry of the same shape (the booking's language picks it).
 */
const it = {
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
    passHint: "Mostra questo QR al varco all'ingresso (oppure apri il pass dal link).",
    qrAlt: (code: string) => `QR del pass ${code}`,
    refunded: "Importo rimborsato",
    reason: "Motivo",
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
  postponed: {
    subject: (event: string) => `Evento rinviato: ${event}`,
    intro: (when: string) => `l'evento è stato rinviato a ${when}. La tua prenotazione e il tuo pass restano validi per la nuova data.`,
    cancelWindow: (until: string) => `Se non puoi venire, puoi annullare dal tuo pass e ricevere il rimborso completo fino a ${until}.`,
    newDate: "Nuova data",
  },
} as const;

export type EmailCatalogue = typeof it;
export type EmailLocale = "it";

export const emailCatalogues: Record<EmailLocale, EmailCatalogue> = { it };
