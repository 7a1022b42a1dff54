import { sql, type SQL } from "drizzle-orm";
import type { Event } from "../../db/schema";

const DEFAULT_EVENT_HOURS = 4;

/** When an event is over: its start plus its duration ("N ore", else 4 hours). Never for always-active ones. */
export function eventEndsAt(event: Pick<Event, "datetime" | "isAlwaysActive" | "duration">): number | null {
  if (event.isAlwaysActive || event.datetime == null) return null;
  const hours = /^ *(\d+) *or[ae](?![a-z0-9_])/i.exec(event.duration);
  return event.datetime + (hours ? Number(hours[1]) : DEFAULT_EVENT_HOURS) * 3_600_000;
}

/**
 * The same rule as !hasEnded() in SQL, so the guarded INSERT can apply it in the statement that
 * takes the spot (a test checks both agree).
 */
export function eventOpenSql(now: number, alias = "e"): SQL {
  return sql.raw(eventOpenSqlText(alias, String(Math.trunc(now))));
}

/** eventEndsAt() in SQL text (epoch ms), for a dated event of table alias `alias`. */
export function eventEndsAtSqlText(alias: string): string {
  const d = `ltrim(${alias}.duration, ' ')`;
  const rest = `lower(ltrim(ltrim(${d}, '0123456789'), ' '))`;
  const looksLikeHours = `(${d} glob '[0-9]*' and (${rest} in ('ora', 'ore') or ${rest} glob 'or[ae][^a-z0-9_]*'))`;
  const hours = `(case when ${looksLikeHours} then cast(${d} as integer) else ${DEFAULT_EVENT_HOURS} end)`;
  return `(${alias}.datetime + ${hours} * 3600000)`;
}

/** eventOpenSql() as text, with `now` any SQL expression (a literal or a parameter such as ?1). */
export function eventOpenSqlText(alias: string, now: string): string {
  return `(${alias}.is_always_active = 1 or ${alias}.datetime is null or ${eventEndsAtSqlText(alias)} > ${now})`;
}

export function hasEnded(event: Pick<Event, "datetime" | "isAlwaysActive" | "duration">, now: number): boolean {
  const end = eventEndsAt(event);
  return end !== null && end <= now;
}

export function isPresaleOpen(event: Event, now: number): boolean {
  return (
    event.isActive &&
    event.isPrevenditaVisible &&
    event.isPrevenditaPayable &&
    event.prevenditaPriceCents != null &&
    event.prevenditaPriceCents > 0 &&
    !hasEnded(event, now)
  );
}
