import type { Lang } from "../../../shared/lang";
import { emailCatalogues, type EmailCatalogue } from "../email/catalogue";

/** Every word a wallet pass shows, per language (the booking's, bookings.lang): the `wallet` part of worker/i18n/emails/<lang>.json. */
export type WalletCatalogue = EmailCatalogue["wallet"] & { dates: EmailCatalogue["dates"] };
/** With the e-mails' way of writing dates (Google's text module writes the next match's; Apple formats its own date field). */
export const walletCatalogues = Object.fromEntries(Object.entries(emailCatalogues).map(([lang, words]) => [lang, { ...words.wallet, dates: words.dates }])) as Record<Lang, WalletCatalogue>;
export type WalletLang = Lang;
