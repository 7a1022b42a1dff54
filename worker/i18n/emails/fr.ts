import type { EmailCatalogue } from "../../services/email/catalogue";

/**
 * The customer e-mails in French (key for key with the Italian e-mails): what a fan
 * who booked in French reads for every later message about the booking.
 */
export const fr: EmailCatalogue = {
  dates: { locale: "fr-FR", at: (date: string, time: string) => `${date} à ${time} (heure italienne)` },
  greeting: (name: string) => `Bonjour ${name},`,
  signature: "À bientôt,\nParcheggi Eventi",
  labels: {
    event: "Événement",
    when: "Date et heure",
    alwaysActive: "Toujours ouvert",
    address: "Adresse",
    maps: "Ouvrir dans Google Maps",
    rate: "Tarif",
    plate: "Plaque",
    amount: "Montant payé",
    code: "Code de réservation",
    pass: "Votre pass",
    passLink: "Ouvrir le pass",
    receiptLink: "Le reçu du paiement, avec la TVA",
    nextEvents: "Réservez votre parking pour les prochains événements",
    passHint: "Montrez ce QR code à la barrière en arrivant (ou ouvrez le pass depuis le lien).",
    walletApple: "Ajouter à Apple Wallet",
    walletGoogle: "Ajouter à Google Wallet",
    qrAlt: (code: string) => `QR code du pass ${code}`,
    refunded: "Montant remboursé",
    refundBy: "Sur votre carte au plus tard",
    reason: "Motif",
  },
  reasons: {
    customer: "Annulée par le client",
    eventCancelled: "Événement annulé",
  },
  confirmation: {
    subject: (event: string) => `Réservation confirmée : ${event}`,
    intro: "Votre paiement est passé : votre place est réservée. Vous trouverez ci-dessous le récapitulatif et le pass à montrer à la barrière.",
    calendarFile: "parking.ics",
    calendarSummary: (event: string) => `Parking : ${event}`,
  },
  refund: {
    subject: (event: string) => `Remboursement effectué : ${event}`,
    introFull: "Nous vous avons remboursé la totalité de votre réservation. La place a été libérée et le pass n'est plus valable.",
    introPartial: "Nous vous avons remboursé une partie de votre réservation. Votre place et votre pass restent valables.",
    timing: "Le remboursement arrive sur la carte utilisée pour le paiement, en général sous 5 à 10 jours ouvrés.",
  },
  cancelled: {
    subject: (event: string) => `Réservation annulée : ${event}`,
    intro: (event: string, when: string) =>
      `Comme vous l'avez demandé, nous avons annulé votre réservation pour ${event} (${when}) et vous avons remboursé la totalité du montant. La place a été libérée et le pass n'est plus valable.`,
  },
  seasonMatchCancelled: {
    subject: (event: string) => `Match annulé : ${event}`,
    intro: (event: string, when: string) =>
      `Nous sommes désolés : ${event}, prévu le ${when}, a été annulé. Votre abonnement reste valable pour tous les autres matchs, avec le même pass.`,
    share: (amount: string) => `Pour ce match, nous vous remboursons ${amount}, sa part de l'abonnement, sur la carte utilisée pour le paiement.`,
    none: "Les conditions de l'abonnement ne prévoient pas de remboursement pour les matchs annulés.",
    free: "Votre abonnement est gratuit : il n'y a rien à rembourser.",
  },
  eventCancelled: {
    subject: (event: string) => `Événement annulé : ${event}`,
    intro: (event: string, when: string) =>
      `Nous sommes désolés : ${event}, prévu le ${when}, a été annulé. Vous n'avez rien à faire : nous vous avons remboursé la totalité du montant et le pass n'est plus valable.`,
  },
  postponed: {
    subject: (event: string) => `Événement reporté : ${event}`,
    intro: (when: string) => `L'événement a été reporté au ${when}. Votre réservation et votre pass restent valables pour la nouvelle date.`,
    cancelWindow: (until: string) => `Si vous ne pouvez pas venir, vous pouvez annuler depuis votre pass et être remboursé intégralement jusqu'au ${until}.`,
    newDate: "Nouvelle date",
  },
  notice: {
    intro: (event: string) => `Un message du parking au sujet de ${event} :`,
  },
  reminder: {
    subject: (event: string) => `Rappel pour demain : ${event}`,
    intro: "Petit rappel pour votre place de parking de demain. Vous trouverez ci-dessous le pass à montrer à la barrière, l'adresse et l'heure d'ouverture.",
    gateOpens: "Ouverture de la barrière",
    canCancel: (until: string) => `Si vous ne pouvez plus venir, vous pouvez annuler depuis votre pass et être remboursé jusqu'au ${until}.`,
    cannotCancel: "La réservation ne peut plus être annulée.",
  },
  waitlistOffer: {
    subject: (event: string) => `Une place s'est libérée : ${event}`,
    greeting: "Bonjour,",
    intro: (event: string) => `Une place s'est libérée pour ${event} et elle est à vous : nous vous la gardons jusqu'à l'heure indiquée ci-dessous.`,
    how: "Ouvrez le lien, indiquez votre nom et le modèle de votre voiture, puis payez pour la confirmer. Sinon, à l'heure dite, la place passe au suivant sur la liste.",
    until: "Place gardée pour vous jusqu'à",
    price: "Prix",
    link: "Réserver la place",
  },
  waitlistJoined: {
    subject: (event: string) => `Vous êtes sur la liste d'attente : ${event}`,
    greeting: "Bonjour,",
    intro: (event: string) => `Vous êtes sur la liste d'attente pour ${event}.`,
    how: "Si une place se libère, nous vous écrivons aussitôt : nous gardons la place au premier de la liste pendant un temps limité. Le lien ci-dessous vous montre votre position et vous permet de quitter la liste.",
    position: "Position",
    place: (n: number) => (n === 1 ? "Premier sur la liste" : `${n}e sur la liste`),
    link: "Votre position sur la liste",
  },
  /** The courtesy copy of an invoice (copia di cortesia): the legal one is the XML sent through SdI. */
  invoiceCopy: {
    subject: (number: string) => `Votre facture ${number}`,
    intro: (number: string, date: string) => `Voici la copie de courtoisie de la facture ${number} du ${date}, émise comme vous l'avez demandé.`,
    legal: "La facture électronique originale est le fichier XML transmis par le système d'échange italien (SdI) : une entreprise italienne la retrouve aussi dans son cassetto fiscale, sur le site de l'Agenzia delle Entrate.",
    number: "Numéro",
    date: "Date",
    buyer: "Au nom de",
    item: "Achat",
    taxable: "Montant HT",
    vat: (rate: string) => `TVA ${rate} %`,
    total: "Total",
    link: "Ouvrir la facture (imprimable)",
  },
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  wallet: {
    description: (event: string) => `Pass parking – ${event}`,
    event: "Événement",
    when: "Date et heure",
    alwaysActive: "Toujours ouvert",
    plate: "Plaque",
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
    noMatch: "Plus aucun match prévu",
  },
};
