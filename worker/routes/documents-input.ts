import { z } from "zod";
import { messages } from "../i18n/it";
import { requiredName } from "../lib/text";
import { EMAIL_MAX } from "../../shared/forms/customer-forms";
import { DESTINATION_CODE, isCodiceFiscale, isCodiceFiscaleAny, isPartitaIva, normalizeCode, NO_DESTINATION_CODE } from "../../shared/fiscal";

/** The validators of receipts, invoices and the fiscal identity (docs/decisions/047-documents.md). */

const code = (message: Parameters<typeof z.string>[0] & object) => z.string(message).transform(normalizeCode);
export const partitaIva = code({ error: messages.partitaIvaInvalid }).refine(isPartitaIva, messages.partitaIvaInvalid);
const codiceFiscalePerson = code({ error: messages.codiceFiscaleInvalid }).refine(isCodiceFiscale, messages.codiceFiscaleInvalid);
const cap = z.string({ error: messages.capInvalid }).trim().regex(/^\d{5}$/, messages.capInvalid);
const provincia = code({ error: messages.provinciaInvalid }).refine((v) => /^[A-Z]{2}$/.test(v), messages.provinciaInvalid);
const optionalProvincia = z
  .string({ error: messages.provinciaInvalid })
  .nullish()
  .transform((v) => (v ? normalizeCode(v) : null))
  .refine((v) => v === null || /^[A-Z]{2}$/.test(v), messages.provinciaInvalid);
const address = requiredName({ field: "address", max: 60, required: messages.addressRequired });
const town = requiredName({ field: "town", max: 60, required: messages.comuneRequired });
const pec = z
  .string({ error: messages.pecInvalid })
  .nullish()
  .transform((v) => v?.trim().toLowerCase() || null)
  .refine((v) => v === null || (v.length <= EMAIL_MAX && z.email().safeParse(v).success), messages.pecInvalid);
const destination = z
  .string({ error: messages.destinationCodeInvalid })
  .nullish()
  .transform((v) => (v ? normalizeCode(v) : ""));

const place = { indirizzo: address, cap, comune: town, provincia: optionalProvincia };

/** A company needs a 7-character code or a PEC; a person without either gets "0000000" (their cassetto fiscale). */
function delivery<T extends { codiceDestinatario: string; pec: string | null }>(v: T, ctx: z.RefinementCtx, needsOne: boolean) {
  if (v.codiceDestinatario && !DESTINATION_CODE.test(v.codiceDestinatario)) {
    ctx.addIssue({ code: "custom", path: ["codiceDestinatario"], message: messages.destinationCodeInvalid });
  } else if (needsOne && (!v.codiceDestinatario || v.codiceDestinatario === NO_DESTINATION_CODE) && !v.pec) {
    ctx.addIssue({ code: "custom", path: ["codiceDestinatario"], message: messages.destinationOrPecRequired });
  }
}

const company = z
  .object({
    type: z.literal("company"),
    denominazione: requiredName({ field: "companyName", max: 80, required: messages.denominazioneRequired }),
    partitaIva,
    codiceFiscale: z
      .string()
      .nullish()
      .transform((v) => (v ? normalizeCode(v) : null))
      .refine((v) => v === null || isCodiceFiscaleAny(v), messages.companyCodiceFiscaleInvalid),
    ...place,
    codiceDestinatario: destination,
    pec,
  })
  .superRefine((v, ctx) => delivery(v, ctx, true))
  .transform((v) => ({ ...v, codiceDestinatario: v.codiceDestinatario || NO_DESTINATION_CODE }));

const person = z
  .object({
    type: z.literal("person"),
    nome: requiredName({ field: "name", max: 60, required: messages.personNameRequired }),
    cognome: requiredName({ field: "surname", max: 60, required: messages.personNameRequired }),
    codiceFiscale: codiceFiscalePerson,
    ...place,
    codiceDestinatario: destination,
    pec,
  })
  .superRefine((v, ctx) => delivery(v, ctx, false))
  .transform((v) => ({ ...v, codiceDestinatario: v.codiceDestinatario || NO_DESTINATION_CODE }));

export const invoiceRequestInput = z.object({ buyer: z.discriminatedUnion("type", [company, person], { error: messages.invalidData }) });

export const fiscalIdentityInput = z.object({
  ragioneSociale: requiredName({ field: "companyName", max: 80, required: messages.denominazioneRequired }),
  partitaIva,
  codiceFiscale: code({ error: messages.companyCodiceFiscaleInvalid }).refine(isCodiceFiscaleAny, messages.companyCodiceFiscaleInvalid),
  indirizzo: address,
  cap,
  comune: town,
  provincia,
  regimeFiscale: code({ error: messages.regimeFiscaleInvalid }).refine((v) => /^RF(0[1-9]|1[0-9])$/.test(v), messages.regimeFiscaleInvalid),
  // The rate as a person types it ("22", "22,00", "4") → basis points.
  vatRate: z
    .string({ error: messages.vatRateInvalid })
    .transform((v) => v.trim().replace(",", "."))
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, messages.vatRateInvalid)
    .transform((v) => Math.round(Number(v) * 100)),
  invoiceSeries: code({ error: messages.invoiceSeriesInvalid }).refine((v) => /^[A-Z0-9]{1,6}$/.test(v), messages.invoiceSeriesInvalid),
  accountantEmail: z
    .string({ error: messages.accountantEmailInvalid })
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => v === "" || z.email().safeParse(v).success, messages.accountantEmailInvalid),
});

export const monthQuery = z.object({ month: z.string({ error: messages.invalidMonth }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, messages.invalidMonth) });
export const documentParam = z.object({ id: z.uuid({ error: messages.documentNotFound }) });
