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
