import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Translations } from "../../shared/translations";
import { DEFAULT_LANG } from "../../shared/lang";

/**
 * shared/translations.ts's `translated` in SQL, for a row whose language is itself a column (a
 * booking's `lang`): the same order, their language, English, then the Italian column.
 */
export function translatedSql(italian: SQLWrapper, translations: SQLWrapper, lang: SQLWrapper): SQL<string> {
  return sql<string>`case when ${lang} = ${DEFAULT_LANG} then ${italian} else coalesce(nullif(json_extract(${translations}, '$.' || ${lang}), ''), nullif(json_extract(${translations}, '$.en'), ''), ${italian}) end`;
}

/** A translations column read through raw SQL (`db.all`), which answers its JSON text unparsed. */
export function parseTranslations(text: string | Translations | null | undefined): Translations {
  if (text == null) return {};
  if (typeof text !== "string") return text;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Translations) : {};
  } catch {
    return {};
  }
}
