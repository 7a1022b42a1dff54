import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db";

/**
 * INSERT … SELECT <values> WHERE <guard>: a row written only if the guard holds when the statement
 * runs, so it can sit in a D1 batch beside the write it depends on. The SELECT is positional, so
 * every column goes in the table's own order; columns not given are null (give defaults explicitly).
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Partial<Record<keyof T["$inferSelect"], SQL | string | number | null>>,
  guard: SQL,
  /** A FROM clause: one row per row it yields (values may then name its columns). */
  from?: SQL,
) {
  const selected = sql.join(
    Object.keys(getTableColumns(table)).map((key) => {
      const v = values[key as keyof T["$inferSelect"]];
      return v === undefined || v === null ? sql`null` : typeof v === "object" ? v : sql`${v}`;
    }),
    sql`, `,
  );
  return db.insert(table).select(sql`select ${selected} ${from ? sql`from ${from}` : sql``} where ${guard}`);
}
