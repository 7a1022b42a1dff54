import { it } from "../../i18n/it";
import { normalisePlate, PLATE_PATTERN } from "../../../shared/rules";

// The same rules and messages as the server (worker/lib/validate.ts), checked before sending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLATE = PLATE_PATTERN;

export { normalisePlate };

export type FieldProblem<K extends string> = { message: string; fields: K[] } | null;

function check<K extends string>(values: Record<K, string>, required: K[], emailField: K, plateField: K, requiredMessage: string): FieldProblem<K> {
  const missing = required.filter((k) => !values[k].trim());
  if (missing.length) return { message: requiredMessage, fields: missing };
  if (!EMAIL.test(values[emailField].trim())) return { message: it.booking.invalidEmail, fields: [emailField] };
  if (!PLATE.test(normalisePlate(values[plateField]))) return { message: it.booking.invalidPlate, fields: [plateField] };
  return null;
}

export type BookingValues = { customerName: string; customerEmail: string; licensePlate: string; carModel: string };

export function checkBooking(values: BookingValues): FieldProblem<keyof BookingValues> {
  return check(values, ["customerName", "customerEmail", "licensePlate", "carModel"], "customerEmail", "licensePlate", it.booking.required);
}

export type PresaleValues = { nome: string; cognome: string; email: string; telefono: string; targa: string; modelloAuto: string; note: string };

export function checkPresale(values: PresaleValues): FieldProblem<keyof PresaleValues> {
  return check(values, ["nome", "cognome", "email", "targa", "modelloAuto"], "email", "targa", it.presale.required);
}
