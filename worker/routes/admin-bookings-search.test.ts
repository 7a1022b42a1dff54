import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, type BookingStatus } from "../../db/schema";
import { bookingCodeOf } from "../../shared/rules";
import { naples } from "../../shared/test/clock";
import { adminApi, adminCookie } from "../test/admin";
import { seedEvent, testDb } from "../test/helpers";
import { bookingSearchQueries, prefixEnd, type BookingSearch } from "../services/bookings-search";
import type { BookingsPage } from "../services/bookings-search";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

/** A word no other test's rows contain, so each test reads its own rows in the file's shared database. */
const unique = () => `t${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;

let clock = naples("2026-03-01T10:00");
async function booking(eventId: number, fields: { name?: string; email?: string; plate?: string; status?: BookingStatus; createdAt?: number; id?: string } = {}) {
  clock += 60_000;
  return testDb()
    .insert(bookings)
    .values({
      id: fields.id ?? crypto.randomUUID(),
      eventId,
      status: fields.status ?? "paid",
      customerName: fields.name ?? "Mario Rossi",
      customerEmail: fields.email ?? "mario@example.it",
      licensePlate: fields.plate ?? "AB123CD",
      carModel: "Fiat Panda",
      amountCents: 1500,
      holdExpiresAt: Date.now() + 15 * 60_000,
      paidAt: fields.status === "paid" || !fields.status ? Date.now() : null,
      createdAt: fields.createdAt ?? clock,
    })
    .returning()
    .get();
}

async function search(query: Record<string, string>): Promise<BookingsPage> {
  const res = await adminApi(`/api/admin/bookings?${new URLSearchParams(query)}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<BookingsPage>();
}

const ids = (page: BookingsPage) => page.bookings.map((b) => b.id);

describe("GET /api/admin/bookings: search", () => {
  it("finds a booking by the code the customer reads out, upper or lower case, whole or its start", async () => {
    const { eventId } = await seedEvent();
    const target = await booking(eventId);
    await booking(eventId);
    const code = bookingCodeOf(target.id);
    for (const q of [code, code.toLowerCase(), ` ${code} `, code.slice(0, 6)]) {
      const page = await search({ code: q, eventId: String(eventId) });
      expect(ids(page), q).toEqual([target.id]);
    }
    // The one field at the top of Prenotazioni finds it too, and each row shows its code.
    const found = await search({ q: code });
    expect(ids(found)).toEqual([target.id]);
    expect(found.total).toBe(1);
    expect(bookingCodeOf(found.bookings[0].id)).toBe(code);
  });

  it("finds by plate (spaces, dashes, case as typed), by name and by e-mail, exact or by their start, case-insensitive", async () => {
    const { eventId } = await seedEvent();
    const word = unique();
    const plate = `Z${word.slice(1, 7).toUpperCase()}`;
    const mine = await booking(eventId, { name: `${word} Esposito`, email: `${word}.esposito@example.it`, plate });
    const other = await booking(eventId, { name: `${word}x Rossi`, email: `${word}x@example.it`, plate: `${plate}Q` });
    await booking(eventId, { name: "Anna Bianchi", email: "anna@example.it", plate: "ZZ999ZZ" });

    expect(ids(await search({ plate: plate.toLowerCase() }))).toEqual([mine.id, other.id].reverse());
    expect(ids(await search({ plate: `${plate.slice(0, 3)} ${plate.slice(3)}`.toLowerCase() }))).toEqual([other.id, mine.id]);
    expect(ids(await search({ plate: `${plate}-q` }))).toEqual([other.id]);
    expect(ids(await search({ name: `${word.toUpperCase()} esposito` }))).toEqual([mine.id]);
    expect(ids(await search({ name: word }))).toEqual([other.id, mine.id]);
    expect(ids(await search({ email: `${word}.ESPOSITO@example.it` }))).toEqual([mine.id]);
    expect(ids(await search({ email: `${word}x` }))).toEqual([other.id]);
    expect(ids(await search({ q: `${word}.esp` }))).toEqual([mine.id]);
    // A key the text cannot be finds nothing (a code is hex), rather than everything.
    expect((await search({ code: "xyz" })).total).toBe(0);
    expect((await search({ plate: "@@" })).total).toBe(0);
  });

  it("filters by event, status and the Rome days it was made, with the total of all that match", async () => {
    const { eventId } = await seedEvent();
    const { eventId: otherEvent } = await seedEvent();
    const word = unique();
    const early = await booking(eventId, { name: word, createdAt: naples("2026-02-10T23:30") });
    const paid = await booking(eventId, { name: word, createdAt: naples("2026-02-11T00:30") });
    const pending = await booking(eventId, { name: word, status: "pending", createdAt: naples("2026-02-11T12:00") });
    const lapsed = await booking(eventId, { name: word, status: "pending", createdAt: naples("2026-02-11T13:00") });
    await testDb().update(bookings).set({ holdExpiresAt: Date.now() - 1 }).where(eq(bookings.id, lapsed.id));
    await booking(otherEvent, { name: word, createdAt: naples("2026-02-11T12:00") });

    expect(ids(await search({ name: word, eventId: String(eventId) }))).toEqual([lapsed.id, pending.id, paid.id, early.id]);
    expect(ids(await search({ name: word, eventId: String(eventId), status: "paid" }))).toEqual([paid.id, early.id]);
    expect(ids(await search({ name: word, eventId: String(eventId), status: "pending" }))).toEqual([pending.id]);
    // A lapsed hold is expired to the person reading, cron or not.
    expect(ids(await search({ name: word, status: "expired" }))).toEqual([lapsed.id]);
    const day = await search({ name: word, eventId: String(eventId), from: "2026-02-11", to: "2026-02-11" });
    expect(ids(day)).toEqual([lapsed.id, pending.id, paid.id]);
    expect(day.total).toBe(3);
    expect(ids(await search({ name: word, to: "2026-02-10" }))).toEqual([early.id]);
  });

  it("pages neither skip nor repeat rows while bookings are added between pages", async () => {
    const { eventId } = await seedEvent();
    const word = unique();
    const base = naples("2026-01-05T09:00");
    const made = [];
    // Several share one instant: the id breaks the tie, so the cursor is (created_at, id).
    for (let i = 0; i < 23; i++) made.push(await booking(eventId, { name: word, createdAt: base + Math.floor(i / 3) * 1000 }));
    const expected = made.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).map((b) => b.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const page: BookingsPage = await search({ name: word, limit: "4", ...(cursor ? { cursor } : {}) });
      expect(page.total).toBe(23 + added);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      // A customer books while staff read: newer than every row, it belongs before the first page.
      await booking(eventId, { name: word, createdAt: base + 3_600_000 + added });
      added++;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("refuses a cursor, limit or date range it cannot read", async () => {
    for (const query of ["cursor=abc", "limit=0", "limit=201", "from=2026-02-12&to=2026-02-11", "from=11/02/2026", `q=${"x".repeat(101)}`]) {
      const res = await adminApi(`/api/admin/bookings?${query}`, { cookie });
      expect(res.status, query).toBe(400);
    }
  });

  it("keeps the spec's GET /api/bookings as an array", async () => {
    const res = await adminApi("/api/bookings?limit=2", { cookie });
    expect(Array.isArray(await res.json())).toBe(true);
  });
});

describe("prefixEnd", () => {
  it("is the first string after every one that starts with the prefix", () => {
    expect(prefixEnd("ab")).toBe("ac");
    expect(prefixEnd("è")).toBe("é");
    expect("abzzz" < prefixEnd("ab") && "ac" >= prefixEnd("ab")).toBe(true);
  });
});

/** The plan SQLite chooses for a statement, one line per step. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const plan = await testDb().$client.prepare(`explain query plan ${sql}`).bind(...params).all<{ detail: string }>();
  return plan.results.map((step) => step.detail);
}

/** A step that reads every row of bookings: the table itself, or a whole index of it, in no useful order. */
const fullScans = (plan: string[]) => plan.filter((step) => /^SCAN bookings\b/.test(step));

describe("every filter has its index (EXPLAIN QUERY PLAN)", () => {
  const now = naples("2026-03-01T12:00");
  const cursor = { at: naples("2026-02-01T12:00"), id: "8f3a2c1e-0000-4000-8000-000000000000" };
  /** Each filter, and the index the page must be found by (and the total, when it differs). */
  const filters: Record<string, { search: Omit<BookingSearch, "limit">; page: RegExp; total?: RegExp }> = {
    code: { search: { code: "8F3A2C1E" }, page: /^SEARCH bookings USING INDEX sqlite_autoindex_bookings_1 \(id>\? AND id<\?\)/ },
    plate: { search: { plate: "AB123" }, page: /^SEARCH bookings USING INDEX bookings_plate_idx \(license_plate>\? AND license_plate<\?\)/ },
    name: { search: { name: "Mario" }, page: /^SEARCH bookings USING INDEX bookings_name_lower_idx \(<expr>>\? AND <expr><\?\)/ },
    email: { search: { email: "mario@example.it" }, page: /^SEARCH bookings USING INDEX bookings_email_hold_idx \(customer_email>\? AND customer_email<\?\)/ },
    "one field (code, plate, name or e-mail)": { search: { q: "AB12" }, page: /^MULTI-INDEX OR/ },
    event: { search: { eventId: 1 }, page: /^SEARCH bookings USING INDEX bookings_event_created_idx \(event_id=\?/ },
    "status paid": { search: { status: "paid" }, page: /^SEARCH bookings USING INDEX bookings_status_created_idx \(status=\?/ },
    "status pending": { search: { status: "pending" }, page: /^SEARCH bookings USING INDEX bookings_status_(created|hold)_idx \(status=\?/ },
    "status expired": { search: { status: "expired" }, page: /^MULTI-INDEX OR|^SEARCH bookings USING INDEX bookings_status_(created|hold)_idx/ },
    "date range": { search: { from: naples("2026-02-01T00:00"), to: naples("2026-03-01T00:00") }, page: /^SEARCH bookings USING INDEX bookings_created_id_idx/ },
    "event and status": { search: { eventId: 1, status: "paid" }, page: /^SEARCH bookings USING INDEX bookings_event_(status|created)_idx \(event_id=\?/ },
    "name and status": { search: { name: "Mario", status: "paid" }, page: /^SEARCH bookings USING INDEX bookings_name_lower_idx/ },
    "plate, status and days": { search: { plate: "AB1", status: "expired", from: naples("2026-02-01T00:00") }, page: /^SEARCH bookings USING INDEX bookings_plate_idx/ },
    "one field, status and event": { search: { q: "rossi", status: "paid", eventId: 1 }, page: /^MULTI-INDEX OR|^SEARCH bookings USING INDEX bookings_event_/ },
    "one field and status": { search: { q: "AB12", status: "expired" }, page: /^MULTI-INDEX OR/ },
    "code and event": { search: { code: "8f3a", eventId: 1 }, page: /^SEARCH bookings USING INDEX (sqlite_autoindex_bookings_1|bookings_event_)/ },
  };

  it("D1 answers EXPLAIN QUERY PLAN, and the check sees a full scan where there is one", async () => {
    const scan = testDb().select({ id: bookings.id }).from(bookings).where(eq(bookings.carModel, "Fiat Panda"));
    const plan = await planOf(scan);
    expect(plan.length).toBeGreaterThan(0);
    expect(fullScans(plan)).toEqual(["SCAN bookings"]);
  });

  for (const [name, filter] of Object.entries(filters)) {
    it(`${name}: the page (first and next) and the total are searched by an index, never a scan of bookings`, async () => {
      for (const search of [{ ...filter.search, limit: 50 }, { ...filter.search, limit: 50, cursor }]) {
        const { page, total } = bookingSearchQueries(testDb(), search, now);
        const pagePlan = await planOf(page);
        expect(fullScans(pagePlan), pagePlan.join("\n")).toEqual([]);
        expect(pagePlan.find((step) => /^(SEARCH bookings|MULTI-INDEX OR)/.test(step)), pagePlan.join("\n")).toMatch(filter.page);
        const totalPlan = await planOf(total);
        expect(fullScans(totalPlan), totalPlan.join("\n")).toEqual([]);
        expect(totalPlan.find((step) => /^(SEARCH bookings|MULTI-INDEX OR)/.test(step)), totalPlan.join("\n")).toBeDefined();
      }
    });
  }

  it("with no filter, the newest page walks the (created_at, id) index backwards and stops at the page's end", async () => {
    const { page } = bookingSearchQueries(testDb(), { limit: 50, cursor }, now);
    const plan = await planOf(page);
    expect(plan.filter((s) => /^(SCAN|SEARCH) bookings\b/.test(s))).toEqual([expect.stringMatching(/^SEARCH bookings USING INDEX bookings_created_id_idx \(\(created_at,id\)<\(\?,\?\)\)/)]);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
