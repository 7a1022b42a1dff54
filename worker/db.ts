import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

// `$client`: the D1 database or session underneath, for the few statements written as plain SQL.
// No `schema` option: it only feeds drizzle's relational API (`db.query.*`), which we do not use,
// and building its table config cost ~1 ms of CPU on every request (each request opens its own session).
export type Db = DrizzleD1Database & { $client: D1Database | D1DatabaseSession };

/** A database or one D1 session of it (drizzle only calls prepare and batch, which sessions have). */
export function createDb(d1: D1Database | D1DatabaseSession): Db {
  return drizzle(d1 as D1Database);
}
