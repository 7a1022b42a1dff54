/**
 * Every word a wallet pass shows, per language (the booking's, bookings.lang). `en` is typed against
 * `it`, so a key missing from either fails type-checking.
 */
const it = {
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
};

export type WalletCatalogue = typeof it;

const en: WalletCatalogue = {
  description: (event) => `Parking pass – ${event}`,
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
};

export const walletCatalogues = { it, en } as const;
export type WalletLang = keyof typeof walletCatalogues;
