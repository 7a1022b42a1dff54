import type { BookingSource } from "../../db/schema";

// Where a buyer came from (issue #47, docs/decisions/059-attribution.md): the `ref` and `utm_*`
// parameters of the landing URL, kept by the Worker in a first-party cookie of their own values
// (no identifier), read when the booking is created. No page script, no third party.

export const ATTRIBUTION_COOKIE = "pe_from";
/** Thirty days: a link shared on Monday still counts for Saturday's match bought on Friday. */
export const ATTRIBUTION_MAX_AGE_S = 30 * 24 * 3600;

/** The parameters kept, in this order. */
const KEPT = ["ref", "utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;
const VALUE_MAX = 60;

export { bookingSources, type BookingSource } from "../../db/schema";

/** The marks our own links carry: the share button and the e-mails (worker/services/email/render.ts). */
export const REF = { share: "share", partner: "partner", emailNotice: "email-notice", emailReminder: "email-reminder" } as const;

/**
 * The cookie's value for a landing URL that carries `ref` or `utm_*` (null when it carries none):
 * the kept parameters only, each cut to 60 characters of a plain alphabet, so the cookie can never
 * carry an e-mail address or a tracker's click id.
 */
export function attributionOfUrl(url: URL): string | null {
  const kept = new URLSearchParams();
  for (const key of KEPT) {
    const value = url.searchParams.get(key);
    const clean = value?.toLowerCase().replace(/[^a-z0-9._\-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, VALUE_MAX);
    if (clean) kept.set(key, clean);
  }
  return kept.size > 0 ? kept.toString() : null;
}

export type Attribution = { source: BookingSource; detail: string | null };

/** The booking's source from the cookie's value (direct without one); the detail is the kept parameters. */
export function attributionOf(cookie: string | undefined | null): Attribution {
  const detail = cookie ? attributionOfUrl(new URL(`https://x/?${cookie}`)) : null;
  if (!detail) return { source: "direct", detail: null };
  const p = new URLSearchParams(detail);
  const ref = p.get("ref") ?? "";
  const medium = p.get("utm_medium") ?? "";
  const source: BookingSource =
    ref === REF.share
      ? "share"
      : ref === REF.partner || ref.startsWith(`${REF.partner}-`) || medium === "partner"
        ? "partner"
        : ref === REF.emailNotice
          ? "email_notice"
          : ref === REF.emailReminder
            ? "email_reminder"
            : ref.startsWith("email") || medium === "email"
              ? "email"
              : "campaign";
  return { source, detail };
}
