/**
 * Where a buyer came from (db/schema.ts's bookingSources), in the staff's Italian: the admin's charts and
 * the Worker's CSV of them name each source with these words.
 */
export const SOURCE_NAMES = {
  direct: "Diretto",
  share: "Link condiviso",
  partner: "Partner",
  email_notice: "E-mail di avviso",
  email_reminder: "E-mail di promemoria",
  email: "Altra e-mail",
  campaign: "Altra campagna",
} as const;
