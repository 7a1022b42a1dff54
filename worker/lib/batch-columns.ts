import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";

/**
 * A table's columns under names of their own (`<prefix>_<column>`), for a joined select that runs
 * inside `db.batch()`. D1 answers a batch's rows as objects keyed by column name, and drizzle turns
 * them back into arrays by key: two tables' `id` (or `created_at`) collapse into one key and every
 * value after it shifts. A statement run on its own is read as arrays and needs none of this.
 * Each column keeps its own decoding (booleans, JSON).
 */
export function columnsAs<T extends Table>(table: T, prefix: string): { [K in keyof T["$inferSelect"]]: SQL.Aliased<T["$inferSelect"][K]> } {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${column}`.mapWith(column).as(`${prefix}_${column.name}`)]),
  ) as { [K in keyof T["$inferSelect"]]: SQL.Aliased<T["$inferSelect"][K]> };
}

/** A left-joined row read through `columnsAs`: null when the join found nothing (its key is null). */
export function joined<R extends { id: unknown }>(row: R): R | null {
  return row.id == null ? null : row;
}
