import type { Catalogue } from "../../i18n/catalogue";
import { bookingForm, formProblem, presaleForm, takeOfferForm, waitlistForm, type FieldProblem, type FormWords } from "../../../shared/forms/customer-forms";
import { normalisePlate } from "../../../shared/rules";

// The server's own rules (shared/forms), checked before sending, in the page's words.
export { normalisePlate };
export type { FieldProblem };

const words = (tr: Catalogue, required: string): FormWords => ({
  required,
  invalidEmail: tr.booking.invalidEmail,
  emailTooLong: tr.booking.invalidEmail,
  invalidPlate: tr.booking.invalidPlate,
});

export type BookingValues = { customerName: string; customerEmail: string; licensePlate: string; carModel: string };

export function checkBooking(values: BookingValues, tr: Catalogue): FieldProblem<keyof BookingValues> {
  return formProblem(bookingForm(words(tr, tr.booking.required)), values);
}

export type PresaleValues = { nome: string; cognome: string; email: string; telefono: string; targa: string; modelloAuto: string; note: string };

export function checkPresale(values: PresaleValues, tr: Catalogue): FieldProblem<keyof PresaleValues> {
  return formProblem(presaleForm(words(tr, tr.presale.required)), values);
}

type WaitlistValues = { email: string; licensePlate: string };

export function checkWaitlist(values: WaitlistValues, tr: Catalogue): FieldProblem<keyof WaitlistValues> {
  return formProblem(waitlistForm(words(tr, tr.booking.required)), values);
}

type TakeOfferValues = { customerName: string; carModel: string };

export function checkTakeOffer(values: TakeOfferValues, tr: Catalogue): FieldProblem<keyof TakeOfferValues> {
  return formProblem(takeOfferForm(words(tr, tr.booking.required)), values);
}
