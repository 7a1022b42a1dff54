import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * shared/translations.ts's `translated` in SQL, for a row whose language is itself a column (a
 * booking's `lang`): the same order, their language, English, then the Italian column.
 */
export function translatedSql(italian: SQLWrapper, translations: SQLWrapper, lang: SQLWrapper): SQL<string> {
  return sql<string>`coalesce(nullif(json_extract(${translations}, '$.' || ${lang}), ''), nullif(json_extract(${translations}, '$.en'), ''), ${italian})`;
}
