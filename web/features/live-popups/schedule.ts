const MIN_POPUP_MS = 2000;
const MAX_POPUP_MS = 5000;
export const FIRST_POPUP_MAX_DELAY_MS = 3000;

/** Spec §9: a popup stays max(2 s, min(0.8 × frequency, 5 s)). */
export function popupDurationMs(frequencyMs: number): number {
  return Math.max(MIN_POPUP_MS, Math.min(0.8 * frequencyMs, MAX_POPUP_MS));
}

/** Activity of the target event only when the admin chose one and turned random events off. */
export function activityEventId(config: { isRandomEvents: boolean; targetEventId: number | null }): number | undefined {
  return !config.isRandomEvents && config.targetEventId !== null ? config.targetEventId : undefined;
}

/** The newest booking not shown yet during this visit: each real booking is announced once. */
export function nextActivity<T extends { id: string }>(activity: readonly T[], shown: ReadonlySet<string>): T | null {
  return activity.find((a) => !shown.has(a.id)) ?? null;
}

/** Past this, "ha appena prenotato" would contradict the "N ore fa" beside it. */
const JUST_BOOKED_MAX_MS = 30 * 60_000;

export function isJustBooked(paidAt: string, nowMs: number): boolean {
  return nowMs - Date.parse(paidAt) <= JUST_BOOKED_MAX_MS;
}

/** Horizontal drag, in px, that dismisses a popup (the toasts' swipe threshold, spec §9). */
export const SWIPE_DISMISS_PX = 50;
