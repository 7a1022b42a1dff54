import { itAdmin } from "../../../i18n/it-admin";
import { UPLOAD_LIMITS } from "../../../../shared/rules";

const PARTNER_MAX_FILES = 10;
const PARTNER_MAX_BYTES = UPLOAD_LIMITS.partner.maxBytes;
export const PARTNER_TYPES = UPLOAD_LIMITS.partner.pickTypes;

const t = itAdmin.partners;

/** Spec §5: the display name defaults to the file name without its extension, else 'Partner'. */
export function defaultPartnerName(fileName: string): string {
  const base = fileName.replace(/\.[^.]*$/, "").trim();
  return base || t.defaultName;
}

/** Splits a selection into the files to upload and the messages for the refused ones. */
export function checkPartnerFiles(files: { name: string; size: number; type: string }[]): { accepted: number[]; errors: string[] } {
  if (files.length > PARTNER_MAX_FILES) return { accepted: [], errors: [t.tooMany] };
  const accepted: number[] = [];
  const errors: string[] = [];
  files.forEach((f, i) => {
    if (!PARTNER_TYPES.includes(f.type)) errors.push(t.badType(f.name));
    else if (f.size > PARTNER_MAX_BYTES) errors.push(t.tooLarge(f.name));
    else accepted.push(i);
  });
  return { accepted, errors };
}
