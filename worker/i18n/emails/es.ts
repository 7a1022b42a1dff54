import type { EmailCatalogue } from "../../services/email/catalogue";

/**
 * The customer e-mails in Spanish (key for key with the Italian e-mails): what a fan
 * who booked in Spanish reads for every later message about the booking.
 */
export const es: EmailCatalogue = {
  dates: {
    locale: "es-ES",
    // "viernes, 27 de noviembre de 2026 a las 21:00": Spanish joins day, month and year with "de".
    at: (date: string, time: string) =>
      `${String(date).replace(/^(\S+) (\d{1,2}) (\S+) (\d{4})$/, "$1, $2 de $3 de $4")} a las ${time} (hora italiana)`,
  },
  greeting: (name: string) => `Hola, ${name}:`,
  signature: "¡Hasta pronto!\nParcheggi Eventi",
  labels: {
    event: "Evento",
    when: "Fecha y hora",
    alwaysActive: "Siempre abierto",
    address: "Dirección",
    maps: "Abrir en Google Maps",
    rate: "Tarifa",
    plate: "Matrícula",
    amount: "Importe pagado",
    code: "Código de reserva",
    pass: "Tu pase",
    passLink: "Abrir el pase",
    receiptLink: "El recibo del pago, con el IVA",
    nextEvents: "Reserva aparcamiento para los próximos eventos",
    passHint: "Enseña este QR en el acceso al llegar (o abre el pase desde el enlace).",
    walletApple: "Añadir a Apple Wallet",
    walletGoogle: "Añadir a Google Wallet",
    qrAlt: (code: string) => `QR del pase ${code}`,
    refunded: "Importe reembolsado",
    refundBy: "En tu tarjeta, a más tardar",
    reason: "Motivo",
  },
  reasons: {
    customer: "Cancelada por el cliente",
    eventCancelled: "Evento cancelado",
  },
  confirmation: {
    subject: (event: string) => `Reserva confirmada: ${event}`,
    intro: "El pago se ha completado: tu plaza está reservada. Aquí abajo tienes el resumen y el pase que tienes que enseñar en el acceso.",
    calendarFile: "aparcamiento.ics",
    calendarSummary: (event: string) => `Aparcamiento: ${event}`,
  },
  refund: {
    subject: (event: string) => `Reembolso realizado: ${event}`,
    introFull: "Te hemos reembolsado el importe íntegro de tu reserva. La plaza se ha liberado y el pase ya no es válido.",
    introPartial: "Te hemos reembolsado una parte del importe de tu reserva. La plaza y el pase siguen siendo válidos.",
    timing: "El reembolso llega a la tarjeta con la que pagaste, normalmente en 5-10 días hábiles.",
  },
  cancelled: {
    subject: (event: string) => `Reserva cancelada: ${event}`,
    intro: (event: string, when: string) =>
      `Como nos pediste, hemos cancelado tu reserva para ${event} (${when}) y te hemos reembolsado el importe íntegro. La plaza se ha liberado y el pase ya no es válido.`,
  },
  seasonMatchCancelled: {
    subject: (event: string) => `Partido cancelado: ${event}`,
    intro: (event: string, when: string) =>
      `Lo sentimos: ${event}, previsto para el ${when}, se ha cancelado. Tu abono sigue siendo válido para todos los demás partidos, con el mismo pase.`,
    share: (amount: string) => `Por este partido te reembolsamos ${amount}, su parte del abono, en la tarjeta con la que pagaste.`,
    none: "Las condiciones del abono no prevén reembolsos por los partidos cancelados.",
    free: "Tu abono es gratuito: no hay nada que reembolsar.",
  },
  eventCancelled: {
    subject: (event: string) => `Evento cancelado: ${event}`,
    intro: (event: string, when: string) =>
      `Lo sentimos: ${event}, previsto para el ${when}, se ha cancelado. No tienes que hacer nada: te hemos reembolsado el importe íntegro y el pase ya no es válido.`,
  },
  postponed: {
    subject: (event: string) => `Evento aplazado: ${event}`,
    intro: (when: string) => `El evento se ha aplazado al ${when}. Tu reserva y tu pase siguen siendo válidos para la nueva fecha.`,
    cancelWindow: (until: string) => `Si no puedes venir, puedes cancelar desde tu pase y recibir el reembolso completo hasta el ${until}.`,
    newDate: "Nueva fecha",
  },
  notice: {
    intro: (event: string) => `Un aviso del aparcamiento sobre ${event}:`,
  },
  reminder: {
    subject: (event: string) => `Recordatorio para mañana: ${event}`,
    intro: "Te recordamos tu plaza de aparcamiento de mañana. Aquí abajo tienes el pase que tienes que enseñar en el acceso, la dirección y el horario de apertura.",
    gateOpens: "Apertura del acceso",
    canCancel: (until: string) => `Si al final no puedes venir, puedes cancelar desde tu pase y recibir el reembolso hasta el ${until}.`,
    cannotCancel: "La reserva ya no se puede cancelar.",
  },
  waitlistOffer: {
    subject: (event: string) => `Se ha liberado una plaza: ${event}`,
    greeting: "Hola:",
    intro: (event: string) => `Se ha liberado una plaza para ${event} y es tuya: te la guardamos hasta la hora que ves aquí abajo.`,
    how: "Abre el enlace, introduce tu nombre y el modelo de tu coche y paga para confirmarla. Si no lo haces a tiempo, la plaza pasa al siguiente de la lista.",
    until: "Plaza guardada para ti hasta",
    price: "Precio",
    link: "Reservar la plaza",
  },
  waitlistJoined: {
    subject: (event: string) => `Estás en la lista de espera: ${event}`,
    greeting: "Hola:",
    intro: (event: string) => `Estás en la lista de espera para ${event}.`,
    how: "Si se libera una plaza te escribimos enseguida: al primero de la lista le guardamos la plaza durante un tiempo limitado. Desde el enlace de aquí abajo ves tu posición y puedes salir de la lista.",
    position: "Posición",
    place: (n: number) => (n === 1 ? "Primero de la lista" : `Número ${n} de la lista`),
    link: "Tu posición en la lista",
  },
  /** The courtesy copy of an invoice (copia di cortesia): the legal one is the XML sent through SdI. */
  invoiceCopy: {
    subject: (number: string) => `Tu factura ${number}`,
    intro: (number: string, date: string) => `Aquí tienes la copia de cortesía de la factura ${number} del ${date}, emitida como nos pediste.`,
    legal: "La factura electrónica original es el archivo XML enviado a través del sistema de intercambio italiano (SdI): una empresa italiana también la encuentra en su cassetto fiscale, en la web de la Agenzia delle Entrate.",
    number: "Número",
    date: "Fecha",
    buyer: "A nombre de",
    item: "Compra",
    taxable: "Base imponible",
    vat: (rate: string) => `IVA ${rate} %`,
    total: "Total",
    link: "Abrir la factura (imprimible)",
  },
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  wallet: {
    description: (event: string) => `Pase de aparcamiento – ${event}`,
    event: "Evento",
    when: "Fecha y hora",
    alwaysActive: "Siempre abierto",
    plate: "Matrícula",
    rate: "Tarifa",
    code: "Código de reserva",
    address: "Dirección",
    status: "Estado",
    cancelled: "Cancelado",
    passLink: "El pase online",
    nearby: "Ya casi estás en el aparcamiento: ten el pase a mano para el acceso.",
    showAtGate: "Enseña el QR en la barrera de entrada.",
    seasonDescription: (season: string) => `Abono de aparcamiento – ${season}`,
    season: "Abono",
    nextMatch: "Próximo partido",
    noMatch: "No hay más partidos previstos",
  },
};
