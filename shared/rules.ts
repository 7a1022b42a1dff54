/**
 * Rules the Worker and the web app must apply identically: one definition, imported by both sides
 * (worker/ and web/). Plain TypeScript only: no runtime imports, no DOM, no Workers APIs.
 */

/** Every date and time the garage shows or parses is in this zone. */
export const GARAGE_TIME_ZONE = "Europe/Rome";

/** A plate after normalisation: 2 to 10 upper-case letters or digits. */
export const PLATE_PATTERN = /^[A-Z0-9]{2,10}$/;

/** Upper-case, spaces and dashes removed: "ab 123-cd" → "AB123CD". */
export function normalisePlate(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]+/g, "");
}

/** The code a customer keeps: the first 8 hex digits of the booking id, upper-case. */
export function bookingCodeOf(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}

const MB = 1024 * 1024;

export type UploadKind = "event" | "partner";
/** `pickTypes`: what the admin may choose; `types`: what may reach the server (an event image arrives as its crop, WebP or JPEG). */
export type UploadLimit = { maxBytes: number; pickTypes: string[]; types: string[] };

export const UPLOAD_LIMITS: Record<UploadKind, UploadLimit> = {
  event: { maxBytes: 5 * MB, pickTypes: ["image/jpeg", "image/png"], types: ["image/jpeg", "image/png", "image/webp"] },
  partner: { maxBytes: 10 * MB, pickTypes: ["image/jpeg", "image/png", "image/webp"], types: ["image/jpeg", "image/png", "image/webp"] },
};

/** An upload kind's limit in whole megabytes, as the texts write it (5 → "5MB"). */
export const maxMegabytes = (kind: UploadKind): number => UPLOAD_LIMITS[kind].maxBytes / MB;
