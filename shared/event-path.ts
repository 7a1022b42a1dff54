/** An event's page: `/eventi/<id>-<slug>`, the slug from the Italian title (one URL for both languages). */
export const EVENT_PAGE_PREFIX = "/eventi/";
const SLUG_MAX = 80;
/** The page's route (web/app/router.tsx, and the Worker's render of it). */
export const EVENT_PAGE_ROUTE = "/eventi/:segment";

/** "Napoli – Inter: Serie A" → "napoli-inter-serie-a": lowercase ASCII words joined by dashes. */
export function eventSlug(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "evento";
}

export const eventPath = (event: { id: number; title: string }) => `${EVENT_PAGE_PREFIX}${event.id}-${eventSlug(event.title)}`;

/** The id and slug of a page's `<id>-<slug>` segment (the slug may be missing or wrong: the Worker redirects). */
export function parseEventSegment(segment: string): { id: number; slug: string } | null {
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? { id, slug: match[2] ?? "" } : null;
}
