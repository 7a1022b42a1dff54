import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "../db/schema";

// `$client`: the D1 database or session underneath, for the few statements written as plain SQL.
export type Db = DrizzleD1Database<typeof schema> & { $client: D1Database | D1DatabaseSession };

/** A database or one D1 session of it (drizzle only calls prepare and batch, which sessions have). */
export function createDb(d1: D1Database | D1DatabaseSession): Db {
  return drizzle(d1 as D1Database, { schema });
}
