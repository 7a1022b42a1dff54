const KEY = "parcheggi-eventi:ultima-prenotazione";

export type RememberedBooking = { email: string; code: string };

/** The last booking made on this device, so "Le Mie Prenotazioni" can prefill its form. */
export function rememberBooking(entry: RememberedBooking): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entry));
  } catch {
    // Private mode or storage full: prefilling is a convenience only.
  }
}

export function rememberedBooking(): RememberedBooking | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<RememberedBooking>;
    return typeof parsed.email === "string" && typeof parsed.code === "string" ? { email: parsed.email, code: parsed.code } : null;
  } catch {
    return null;
  }
}
