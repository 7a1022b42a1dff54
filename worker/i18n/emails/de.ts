import type { EmailCatalogue } from "../../services/email/catalogue";

/** The customer e-mails in German, key for key with emails/it.ts (after "Hallo Max," a letter goes on in lower case). */
export const de: EmailCatalogue = {
  dates: { locale: "de-DE", at: (date: string, time: string) => `${date}, ${time} Uhr` },
  greeting: (name: string) => `Hallo ${name},`,
  signature: "Bis bald,\nParcheggi Eventi",
  labels: {
    event: "Event",
    when: "Datum und Uhrzeit",
    alwaysActive: "Immer geöffnet",
    address: "Adresse",
    maps: "In Google Maps öffnen",
    rate: "Tarif",
    plate: "Kennzeichen",
    amount: "Bezahlter Betrag",
    code: "Buchungscode",
    pass: "Dein Pass",
    passLink: "Pass öffnen",
    receiptLink: "Die Quittung der Zahlung, mit MwSt.",
    passHint: "Zeig diesen QR-Code bei der Ankunft an der Schranke (oder öffne den Pass über den Link).",
    walletApple: "Zu Apple Wallet hinzufügen",
    walletGoogle: "Zu Google Wallet hinzufügen",
    qrAlt: (code: string) => `QR-Code des Passes ${code}`,
    refunded: "Erstatteter Betrag",
    refundBy: "Zurück auf deiner Karte bis",
    reason: "Grund",
  },
  reasons: {
    customer: "Vom Kunden storniert",
    eventCancelled: "Event abgesagt",
  },
  confirmation: {
    subject: (event: string) => `Buchung bestätigt: ${event}`,
    intro: "deine Zahlung ist durch, dein Parkplatz ist gebucht. Unten findest du alle Details und den Pass für die Schranke.",
    calendarFile: "parkplatz.ics",
    calendarSummary: (event: string) => `Parkplatz: ${event}`,
  },
  refund: {
    subject: (event: string) => `Erstattung veranlasst: ${event}`,
    introFull: "wir haben dir den vollen Betrag deiner Buchung erstattet. Der Platz ist freigegeben und der Pass gilt nicht mehr.",
    introPartial: "wir haben dir einen Teil des Betrags deiner Buchung erstattet. Dein Platz und dein Pass bleiben gültig.",
    timing: "Die Erstattung geht zurück auf die Karte, mit der du bezahlt hast, meist innerhalb von 5-10 Werktagen.",
  },
  cancelled: {
    subject: (event: string) => `Buchung storniert: ${event}`,
    intro: (event: string, when: string) =>
      `wie gewünscht haben wir deine Buchung für ${event} (${when}) storniert und dir den vollen Betrag erstattet. Der Platz ist freigegeben und der Pass gilt nicht mehr.`,
  },
  seasonMatchCancelled: {
    subject: (event: string) => `Spiel abgesagt: ${event}`,
    intro: (event: string, when: string) =>
      `leider wurde ${event}, geplant für ${when}, abgesagt. Deine Dauerkarte gilt weiter für alle anderen Spiele, mit demselben Pass.`,
    share: (amount: string) => `Für dieses Spiel erstatten wir dir ${amount}, seinen Anteil an der Dauerkarte, auf die Karte, mit der du bezahlt hast.`,
    none: "Die Bedingungen der Dauerkarte sehen für abgesagte Spiele keine Erstattung vor.",
    free: "Deine Dauerkarte war kostenlos: Es gibt nichts zu erstatten.",
  },
  eventCancelled: {
    subject: (event: string) => `Event abgesagt: ${event}`,
    intro: (event: string, when: string) =>
      `leider wurde ${event}, geplant für ${when}, abgesagt. Du musst nichts tun: Wir haben dir den vollen Betrag erstattet und der Pass gilt nicht mehr.`,
  },
  postponed: {
    subject: (event: string) => `Event verschoben: ${event}`,
    intro: (when: string) => `das Event wurde auf ${when} verschoben. Deine Buchung und dein Pass gelten für den neuen Termin.`,
    cancelWindow: (until: string) => `Wenn du nicht kommen kannst, kannst du bis ${until} über deinen Pass stornieren und bekommst alles zurück.`,
    newDate: "Neuer Termin",
  },
  notice: {
    intro: (event: string) => `ein Hinweis vom Parkplatz zu ${event}:`,
  },
  reminder: {
    subject: (event: string) => `Erinnerung für morgen: ${event}`,
    intro: "wir erinnern dich an deinen Parkplatz morgen. Unten findest du den Pass für die Schranke, die Adresse und die Öffnungszeit.",
    gateOpens: "Schranke öffnet",
    canCancel: (until: string) => `Wenn du doch nicht kommen kannst, kannst du bis ${until} über deinen Pass stornieren und bekommst dein Geld zurück.`,
    cannotCancel: "Die Buchung kann nicht mehr storniert werden.",
  },
  waitlistOffer: {
    subject: (event: string) => `Ein Platz ist frei geworden: ${event}`,
    greeting: "Hallo,",
    intro: (event: string) => `für ${event} ist ein Platz frei geworden und er gehört dir: Wir halten ihn für dich bis zu der Uhrzeit unten.`,
    how: "Öffne den Link, gib Namen und Automodell ein und bezahl, um ihn dir zu sichern. Schaffst du das nicht rechtzeitig, geht der Platz an die nächste Person in der Reihe.",
    until: "Platz reserviert bis",
    price: "Preis",
    link: "Platz buchen",
  },
  waitlistJoined: {
    subject: (event: string) => `Du stehst auf der Warteliste: ${event}`,
    greeting: "Hallo,",
    intro: (event: string) => `du stehst auf der Warteliste für ${event}.`,
    how: "Wird ein Platz frei, schreiben wir dir sofort: Die erste Person in der Reihe bekommt den Platz für eine begrenzte Zeit reserviert. Über den Link unten siehst du deinen Platz in der Reihe und kannst die Liste verlassen.",
    position: "Platz in der Reihe",
    place: (n: number) => (n === 1 ? "Als Erste:r dran" : `Nummer ${n} in der Reihe`),
    link: "Dein Platz in der Reihe",
  },
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  wallet: {
    description: (event: string) => `Parkpass – ${event}`,
    event: "Event",
    when: "Datum und Uhrzeit",
    alwaysActive: "Immer geöffnet",
    plate: "Kennzeichen",
    rate: "Tarif",
    code: "Buchungscode",
    address: "Adresse",
    status: "Status",
    cancelled: "Storniert",
    passLink: "Der Pass online",
    nearby: "Du bist fast am Parkplatz: Halt deinen Pass für die Schranke bereit.",
    showAtGate: "Zeig den QR-Code an der Einfahrt.",
  },
};
