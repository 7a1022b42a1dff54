/**
 * Texts a catalogue may leave identical to the Italian or the English one on purpose. Anything else
 * identical is a text left untranslated: the catalogue tests fail on it.
 */
const EVERYWHERE: ReadonlySet<string> = new Set([
  // brands, products and people's names
  "Parcheggi Eventi",
  "Facebook",
  "Instagram",
  "TikTok",
  "Apple Wallet",
  "Google Wallet",
  "Stripe",
  "Ciro E.",
  "Federica M.",
  "Luigi P.",
  // each language named in itself, the same in every catalogue
  "Italiano",
  "English",
  // codes and formats
  "CVC",
  "OK",
]);

/** Words a language writes exactly as Italian or English does (German "Event", "Code", "Auto"). */
const IN_LANGUAGE: Partial<Record<string, ReadonlySet<string>>> = {
  de: new Set(["Event", "Events", "Code", "Auto", "Status"]),
  fr: new Set(["Naples", "Parcheggi Eventi — Naples", "Admin", "Contact", "Menu", "Description", "Distance", "Total", "Code", "Date", "Notifications (F8)", "parking.ics"]),
  es: new Set(["Admin", "Error", "Evento", "Cliente", "Total", "Motivo"]),
};

export function sameOnPurpose(lang: string, text: string): boolean {
  return EVERYWHERE.has(text) || (IN_LANGUAGE[lang]?.has(text) ?? false);
}
