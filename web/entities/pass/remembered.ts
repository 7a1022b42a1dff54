const LAST_KEY = "parcheggi-eventi:ultima-prenotazione";
const ALL_KEY = "parcheggi-eventi:prenotazioni";
// web/app/boot-moment.ts reads it too (whether the app starts at once).
const BANNER_KEY = "parcheggi-eventi:pass-banner";
const MAX_REMEMBERED = 50;

export type RememberedBooking = { email: string; code: string };
type PassBannerData = { code: string; eventTitle: string };

// Storage can be missing or full (private mode): everything here is a convenience only.
function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // see above
  }
}

const isEntry = (v: unknown): v is RememberedBooking =>
  typeof v === "object" && v !== null && typeof (v as RememberedBooking).email === "string" && typeof (v as RememberedBooking).code === "string";

/** Every booking made on this device, newest first, so "Le Mie Prenotazioni" can show all their passes. */
export function rememberedBookings(): RememberedBooking[] {
  const all = read(ALL_KEY);
  const list = Array.isArray(all) ? all.filter(isEntry) : [];
  const last = read(LAST_KEY);
  if (isEntry(last) && !list.some((e) => e.code === last.code)) list.unshift(last);
  return list;
}

/** Remembers a booking made on this device (newest first, each code once). */
export function rememberBooking(entry: RememberedBooking): void {
  const rest = rememberedBookings().filter((e) => e.code !== entry.code);
  write(ALL_KEY, [entry, ...rest].slice(0, MAX_REMEMBERED));
  write(LAST_KEY, entry);
}

/** The last booking made on this device: it prefills the look-up form. */
export function rememberedBooking(): RememberedBooking | null {
  return rememberedBookings()[0] ?? null;
}

export const PASS_BANNER_EVENT = "parcheggi-eventi:pass-banner";

/** After a payment: the home shows "Il tuo pass" until the customer closes it. */
export function showPassBanner(data: PassBannerData): void {
  write(BANNER_KEY, data);
  window.dispatchEvent(new Event(PASS_BANNER_EVENT));
}

export function passBanner(): PassBannerData | null {
  const v = read(BANNER_KEY) as Partial<PassBannerData> | null;
  return v && typeof v.code === "string" && typeof v.eventTitle === "string" ? { code: v.code, eventTitle: v.eventTitle } : null;
}

export function dismissPassBanner(): void {
  write(BANNER_KEY, null);
}
