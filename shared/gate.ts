/**
 * The gate's rules shared by the Worker (online scans) and the gate phone (offline checks), so both
 * answer a scan alike. docs/decisions/027-gate-app.md.
 */

/**
 * The same pass read again by the same gate phone this soon after it entered is the same car still
 * at the barrier (the QR stays in front of the camera): its green answer again, never "already
 * inside". Later, or from another phone, it is a second car: red.
 */
export const REREAD_GRACE_MS = 10_000;

/** Secrets are base64url (app) or hex (seed and backfill), at least 22 characters: ≥128 bits. */
export const PASS_SECRET_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The secret inside a scanned text: the last path segment of a `<origin>/p/<secret>` URL, or the bare secret. */
export function secretOfScan(scan: string): string | null {
  const text = scan.trim();
  const fromUrl = /\/p\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/.exec(text)?.[1];
  const candidate = fromUrl ?? text;
  return PASS_SECRET_PATTERN.test(candidate) ? candidate : null;
}

/** SHA-256 of a pass secret, lower-case hex: what the gate's offline list holds instead of the secret. */
export async function passHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The 8-character booking code (docs/decisions/008): what the customer reads out or types. */
export function bookingCodeOfScan(scan: string): string | null {
  const code = scan.replace(/[\s-]/g, "").toUpperCase();
  return /^[0-9A-F]{8}$/.test(code) ? code : null;
}

/**
 * When a car must have left: the rate's validity window after the event's end when it has one,
 * else the event's end. Null when the event has no end (always active, undated).
 */
export function mustLeaveBy(eventEndsAt: number | null, minutesAfterEnd: number | null | undefined): number | null {
  if (eventEndsAt == null) return null;
  return eventEndsAt + (minutesAfterEnd ?? 0) * 60_000;
}

/** Whole minutes a car leaving at `at` stayed past `leaveBy`; null when it did not. */
export function overstayMinutesOf(leaveBy: number | null, at: number): number | null {
  return leaveBy != null && at > leaveBy ? Math.floor((at - leaveBy) / 60_000) : null;
}
