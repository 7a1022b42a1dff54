import type { EmailCatalogue } from "../../services/email/catalogue";

/**
 * The customer e-mails in Spanish, key for key with emails/it.ts. Named `es.pending.ts` until Spanish
 * joins the list of languages (shared/lang.ts) with its site catalogues: then it becomes `es.ts`.
 */
export const es: EmailCatalogue = {
  dates: { locale: "es-ES", at: (date: string, time: string) => `${date}, a las ${time}` },
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
    receiptLink: "El recibo del pago, con IVA",
    passHint: "Enseña este código QR en la barrera al llegar (o abre el pase desde el enlace).",
    walletApple: "Añadir a Apple Wallet",
    walletGoogle: "Añadir a Google Wallet",
    qrAlt: (code: string) => `Código QR del pase ${code}`,
    refunded: "Importe reembolsado",
    refundBy: "En tu tarjeta antes del",
    reason: "Motivo del reembolso",
  },
  reasons: {
    customer: "Cancelada por el cliente",
    eventCancelled: "Evento cancelado",
  },
  confirmation: {
    subject: (event: string) => `Reserva confirmada: ${event}`,
    intro: "el pago se ha completado: tu plaza de aparcamiento está reservada. Aquí abajo tienes el resumen y el pase que debes enseñar en la barrera.",
    calendarFile: "aparcamiento.ics",
    calendarSummary: (event: string) => `Aparcamiento: ${event}`,
  },
  refund: {
    subject: (event: string) => `Reembolso realizado: ${event}`,
    introFull: "te hemos devuelto el importe completo de tu reserva. La plaza ha quedado libre y el pase ya no es válido.",
    introPartial: "te hemos devuelto una parte del importe de tu reserva. Tu plaza y tu pase siguen siendo válidos.",
    timing: "El reembolso llega a la tarjeta con la que pagaste, normalmente en 5-10 días hábiles.",
  },
  cancelled: {
    subject: (event: string) => `Reserva cancelada: ${event}`,
    intro: (event: string, when: string) =>
      `como nos pediste, hemos cancelado tu reserva para ${event} (${when}) y te hemos devuelto el importe completo. La plaza ha quedado libre y el pase ya no es válido.`,
  },
  seasonMatchCancelled: {
    subject: (event: string) => `Partido cancelado: ${event}`,
    intro: (event: string, when: string) =>
      `lo sentimos: ${event}, previsto para el ${when}, se ha cancelado. Tu abono sigue siendo válido para todos los demás partidos, con el mismo pase.`,
    share: (amount: string) => `Por este partido te devolvemos ${amount}, su parte del abono, en la tarjeta con la que pagaste.`,
    none: "Las condiciones del abono no prevén reembolsos por partidos cancelados.",
    free: "Tu abono era gratuito: no hay nada que reembolsar.",
  },
  eventCancelled: {
    subject: (event: string) => `Evento cancelado: ${event}`,
    intro: (event: string, when: string) =>
      `lo sentimos: ${event}, previsto para el ${when}, se ha cancelado. No tienes que hacer nada: te hemos devuelto el importe completo y el pase ya no es válido.`,
  },
  postponed: {
    subject: (event: string) => `Evento aplazado: ${event}`,
    intro: (when: string) => `el evento se ha aplazado al ${when}. Tu reserva y tu pase siguen siendo válidos para la nueva fecha.`,
    cancelWindow: (until: string) => `Si no puedes venir, puedes cancelar desde tu pase y recibir el reembolso completo hasta el ${until}.`,
    newDate: "Nueva fecha",
  },
  notice: {
    intro: (event: string) => `un aviso del aparcamiento sobre ${event}:`,
  },
  reminder: {
    subject: (event: string) => `Recordatorio para mañana: ${event}`,
    intro: "te recordamos tu plaza de aparcamiento de mañana. Aquí abajo tienes el pase para la barrera, la dirección y la hora de apertura.",
    gateOpens: "Apertura de la barrera",
    canCancel: (until: string) => `Si ya no puedes venir, puedes cancelar desde tu pase y recibir el reembolso hasta el ${until}.`,
    cannotCancel: "La reserva ya no se puede cancelar.",
  },
  waitlistOffer: {
    subject: (event: string) => `Se ha liberado una plaza: ${event}`,
    greeting: "Hola:",
    intro: (event: string) => `se ha liberado una plaza para ${event} y es tuya: te la guardamos hasta la hora que ves aquí abajo.`,
    how: "Abre el enlace, escribe tu nombre y el modelo del coche y paga para confirmarla. Si no lo haces a tiempo, la plaza pasa a la siguiente persona de la lista.",
    until: "Plaza guardada hasta",
    price: "Precio",
    link: "Reservar la plaza",
  },
  waitlistJoined: {
    subject: (event: string) => `Estás en la lista de espera: ${event}`,
    greeting: "Hola:",
    intro: (event: string) => `estás en la lista de espera para ${event}.`,
    how: "Si se libera una plaza te escribimos enseguida: a la primera persona de la lista le guardamos la plaza durante un tiempo limitado. Desde el enlace de abajo ves tu posición y puedes salir de la lista.",
    position: "Posición",
    place: (n: number) => (n === 1 ? "Primero de la lista" : `Número ${n} de la lista`),
    link: "Tu posición en la lista",
  },
  /** The words of the wallet passes (Apple, Google), in the booking's language. */
  invoiceCopy: {
    subject: (number: string) => `Tu factura ${number}`,
    intro: (number: string, date: string) => `aquí tienes la copia de cortesía de la factura ${number} del ${date}, emitida como nos pediste.`,
    legal: "La factura válida es el archivo XML electrónico enviado a través del sistema de intercambio italiano (SdI); este correo es solo una copia.",
    number: "Número",
    date: "Fecha",
    buyer: "A nombre de",
    item: "Compra",
    taxable: "Base imponible",
    vat: (rate: string) => `IVA ${rate} %`,
    total: "Total",
    link: "Abrir la factura (imprimible)",
  },
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
    passLink: "El pase en línea",
    nearby: "Ya casi estás en el aparcamiento: ten a mano el pase para la barrera.",
    showAtGate: "Enseña el código QR en la barrera de entrada.",
    seasonDescription: (season: string) => `Abono de aparcamiento – ${season}`,
    season: "Abono",
    nextMatch: "Próximo partido",
    noMatch: "Ningún partido por jugar",
  },
};
