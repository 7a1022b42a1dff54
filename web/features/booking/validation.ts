import type { Catalogue } from "../../i18n/catalogue";
import { normalisePlate, PLATE_PATTERN } from "../../../shared/rules";

// The same rules and messages as the server (worker/lib/validate.ts), checked before sending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLATE = PLATE_PATTERN;

export { normalisePlate };

export type FieldProblem<K extends string> = { message: string; fields: K[] } | null;

function check<K extends string>(values: Record<K, string>, required: K[], emailField: K, plateField: K, requiredMessage: string, tr: Catalogue): FieldProblem<K> {
  const missing = required.filter((k) => !values[k].trim());
  if (missing.length) return { message: requiredMessage, fields: missing };
  if (!EMAIL.test(values[emailField].trim())) return { message: tr.booking.invalidEmail, fields: [emailField] };
  if (!PLATE.test(normalisePlate(values[plateField]))) return { message: tr.booking.invalidPlate, fields: [plateField] };
  return null;
}

export type BookingValues = { customerName: string; customerEmail: string; licensePlate: string; carModel: string };

export function checkBooking(values: BookingValues, tr: Catalogue): FieldProblem<keyof BookingValues> {
  return check(values, ["customerName", "customerEmail", "licensePlate", "carModel"], "customerEmail", "licensePlate", tr.booking.required, tr);
}

export type PresaleValues = { nome: string; cognome: string; email: string; telefono: string; targa: string; modelloAuto: string; note: string };

export function checkPresale(values: PresaleValues, tr: Catalogue): FieldProblem<keyof PresaleValues> {
  return check(values, ["nome", "cognome", "email", "targa", "modelloAuto"], "email", "targa", tr.presale.required, tr);
}
