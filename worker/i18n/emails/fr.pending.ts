import type { EmailCatalogue } from "../../services/email/catalogue";

/**
 * The customer e-mails in French, key for key with emails/it.ts. Named `fr.pending.ts` until French
 * joins the list of languages (shared/lang.ts) with its site catalogues: then it becomes `fr.ts`.
 */
export const fr: EmailCatalogue = {
  dates: { locale: "fr-FR", at: (date: string, time: string) => `${date} à ${time}` },
  greeting: (name: string) => `Bonjour ${name},`,
  signature: "À bientôt,\nParcheggi Eventi",
  labels: {
    event: "Événement",
    when: "Date et heure",
    alwaysActive: "Toujours ouvert",
    address: "Adresse",
    maps: "Ouvrir dans Google Maps",
    rate: "Tarif",
    plate: "Immatriculation",
    amount: "Montant payé",
    code: "Code de réservation",
    pass: "Votre pass",
    passLink: "Ouvrir le pass",
    receiptLink: "Le reçu du paiement, avec la TVA",
    passHint: "Montrez ce QR code à la barrière en arrivant (ou ouvrez le pass depuis le lien).",
    walletApple: "Ajouter à Apple Wallet",
    walletGoogle: "Ajouter à Google Wallet",
    qrAlt: (code: string) => `QR code du pass ${code}`,
    refunded: "Montant remboursé",
    refundBy: "Sur votre carte d'ici le",
    reason: "Motif",
  },
  reasons: {
    customer: "Annulée par le client",
    eventCancelled: "Événement annulé",
  },
  confirmation: {
    subject: (event: string) => `Réservation confirmée : ${event}`,
    intro: "votre paiement est passé : votre place de parking est réservée. Vous trouverez ci-dessous le récapitulatif et le pass à montrer à la barrière.",
    calendarFile: "stationnement.ics",
    calendarSummary: (event: string) => `Stationnement : ${event}`,
  },
  refund: {
    subject: (event: string) => `Remboursement effectué : ${event}`,
    introFull: "nous vous avons remboursé la totalité de votre réservation. La place a été libérée et le pass n'est plus valable.",
    introPartial: "nous vous avons remboursé une partie du montant de votre réservation. Votre place et votre pass restent valables.",
    timing: "Le remboursement arrive sur la carte utilisée pour le paiement, en général sous 5 à 10 jours ouvrés.",
  },
  cancelled: {
    subject: (event: string) => `Réservation annulée : ${event}`,
    intro: (event: string, when: string) =>
      `comme demandé, nous avons annulé votre réservation pour ${event} (${when}) et vous avons remboursé la totalité. La place a été libérée et le pass n'est plus valable.`,
  },
  seasonMatchCancelled: {
    subject: (event: string) => `Match annulé : ${event}`,
    intro: (event: string, when: string) =>
      `nous sommes désolés : ${event}, prévu le ${when}, a été annulé. Votre abonnement reste valable pour tous les autres matchs, avec le même pass.`,
    share: (amount: string) => `Pour ce match, nous vous remboursons ${amount}, sa part de l'abonnement, sur la carte utilisée pour le paiement.`,
    none: "Les conditions de l'abonnement ne prévoient pas de remboursement pour les matchs annulés.",
    free: "Votre abonnement était gratuit : il n'y a rien à rembourser.",
  },
  eventCancelled: {
    subject: (event: string) => `Événement annulé : ${event}`,
    intro: (event: string, when: string) =>
      `nous sommes désolés : ${event}, prévu le ${when}, a été annulé. Vous n'avez rien à faire : nous vous avons remboursé la totalité et le pass n'est plus valable.`,
  },
  postponed: {
    subject: (event: string) => `Événement reporté : ${event}`,
    intro: (when: string) => `l'événement a été reporté au ${when}. Votre réservation et votre pass restent valables pour la nouvelle date.`,
    cancelWindow: (until: string) => `Si vous ne pouvez pas venir, vous pouvez annuler depuis votre pass et être remboursé intégralement jusqu'au ${until}.`,
    newDate: "Nouvelle date",
  },
  notice: {
    intro: (event: string) => `un message du parking au sujet de ${event} :`,
  },
  reminder: {
    subject: (event: string) => `Rappel pour demain : ${event}`,
    intro: "petit rappel pour votre place de parking de demain. Vous trouverez ci-dessous le pass à montrer à la barrière, l'adresse et l'heure d'ouverture.",
    gateOpens: "Ouverture de la barrière",
    canCancel: (until: string) => `Si vous ne pouvez plus venir, vous pouvez annuler depuis votre pass et être remboursé jusqu'au ${until}.`,
    cannotCancel: "La réservation ne peut plus être annulée.",
  },
  waitlistOffer: {
    subject: (event: string) => `Une place s'est libérée : ${event}`,
    greeting: "Bonjour,",
    intro: (event: string) => `une place s'est libérée pour ${event} et elle est à vous : nous vous la gardons jusqu'à l'heure indiquée ci-dessous.`,
    how: "Ouvrez le lien, indiquez votre nom et le modèle de votre voiture, puis payez pour la confirmer. Passé ce délai, la place va à la personne suivante sur la liste.",
    until: "Place gardée jusqu'au",
    price: "Prix",
    link: "Réserver la place",
  },
  waitlistJoined: {
    subject: (event: string) => `Vous êtes sur la liste d'attente : ${event}`,
    greeting: "Bonjour,",
    intro: (event: string) => `vous êtes sur la liste d'attente pour ${event}.`,
    how: "Si une place se libère, nous vous écrivons aussitôt : la première personne de la liste se voit garder la place pendant un temps limité. Le lien ci-dessous vous montre votre position et vous permet de quitter la liste.",
    position: "Position",
    place: (n: number) => (n === 1 ? "Premier sur la liste" : `${n}e sur la liste`),
    link: "Votre position sur la liste",
  },
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  invoiceCopy: {
    subject: (number: string) => `Votre facture ${number}`,
    intro: (number: string, date: string) => `voici la copie de courtoisie de la facture ${number} du ${date}, émise comme vous l'avez demandé.`,
    legal: "La facture qui fait foi est le fichier XML électronique transmis par le système d'échange italien (SdI) ; cet e-mail n'en est qu'une copie.",
    number: "Numéro",
    date: "Date",
    buyer: "Établie au nom de",
    item: "Achat",
    taxable: "Montant HT",
    vat: (rate: string) => `TVA ${rate} %`,
    total: "Total TTC",
    link: "Ouvrir la facture (imprimable)",
  },
  wallet: {
    description: (event: string) => `Pass parking – ${event}`,
    event: "Événement",
    when: "Date et heure",
    alwaysActive: "Toujours ouvert",
    plate: "Immatriculation",
    rate: "Tarif",
    code: "Code de réservation",
    address: "Adresse",
    status: "Statut",
    cancelled: "Annulé",
    passLink: "Le pass en ligne",
    nearby: "Vous êtes presque au parking : gardez votre pass à portée de main pour la barrière.",
    showAtGate: "Montrez le QR code à la barrière d'entrée.",
    seasonDescription: (season: string) => `Abonnement parking – ${season}`,
    season: "Abonnement",
    nextMatch: "Prochain match",
    noMatch: "Aucun match à venir",
  },
};
