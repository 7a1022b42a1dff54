import { ITALIAN_DATES, type DateStyle } from "../../../shared/lifecycle/dates";

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
  seasonDescription: (season: string) => `Abbonamento parcheggio – ${season}`,
  season: "Abbonamento",
  nextMatch: "Prossima partita",
  noMatch: "Nessuna partita in programma",
  /** How Google's text module writes the next match's date (Apple formats its own date field). */
  dates: ITALIAN_DATES as DateStyle,
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
  seasonDescription: (season) => `Parking season pass – ${season}`,
  season: "Season pass",
  nextMatch: "Next match",
  noMatch: "No match to come",
  dates: { locale: "en-GB", at: (date, time) => `${date}, ${time} (Italian time)` },
};

export const walletCatalogues = { it, en } as const;
export type WalletLang = keyof typeof walletCatalogues;
