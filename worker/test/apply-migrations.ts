import { env } from "cloudflare:workers";

// What applyD1Migrations (cloudflare:test) does, in one batch instead of one per migration: every
// test file starts from an empty D1, and its ~25 round trips were a large part of each file's
// start-up (issue #42). Same statements, same d1_migrations rows.
const db = env.DB;
await db.prepare(`CREATE TABLE IF NOT EXISTS d1_migrations (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`).run();
const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((r) => r.name));
const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
const pending = env.TEST_MIGRATIONS.filter((m) => !applied.has(m.name));
if (pending.length > 0) await db.batch(pending.flatMap((m) => [...m.queries.map((q) => db.prepare(q)), record.bind(m.name)]));
