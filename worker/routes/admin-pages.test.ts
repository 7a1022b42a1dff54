import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, refunds, waitlistEntries } from "../../db/schema";
import { bookingCodeOf } from "../../shared/rules";
import { naples } from "../../shared/test/clock";
import { adminApi, adminCookie } from "../test/admin";
import { seedBooking, seedEvent, testDb } from "../test/helpers";
import { auditPageQueries, type AuditPage, type AuditSearch } from "../services/audit-pages";
import { paymentPageQueries, type PaymentSearch, type PaymentsPage } from "../services/payments-pages";
import { waitlistPageQueries, type WaitlistPage, type WaitlistSearch } from "../services/waitlist-pages";
import { listPayments } from "../services/payments-report";
import { Temporal } from "temporal-polyfill";
import { eq, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

// Server pages of payments, the audit log and the waiting lists (docs/decisions/063-server-pages.md).

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

/** A word no other test's rows contain, so each test reads its own rows in the file's shared database. */
const unique = () => `t${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;

async function get<T>(path: string, query: Record<string, string>): Promise<T> {
  const res = await adminApi(`${path}?${new URLSearchParams(query)}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<T>();
}

/** Reads every page, adding a row (newer than all) after each: the pages must neither skip nor repeat. */
async function walk<P extends { nextCursor: string | null; total: number }>(read: (cursor: string | null) => Promise<P>, idsOf: (p: P) => (string | number)[], add: (n: number) => Promise<unknown>, expectedTotal: number) {
  const seen: (string | number)[] = [];
  let cursor: string | null = null;
  let added = 0;
  do {
    const page: P = await read(cursor);
    expect(page.total).toBe(expectedTotal + added);
    seen.push(...idsOf(page));
    cursor = page.nextCursor;
    await add(added);
    added++;
  } while (cursor);
  return seen;
}

describe("GET /api/admin/payments/page", () => {
  const pay = (eventId: number, email: string, paidAt: number, amountCents = 1500) =>
    seedBooking({ eventId, status: "paid", paidAt, amountCents, customerEmail: email });

  it("finds a payment by the booking's code, e-mail or plate, by event and Rome days, with the totals of all that match", async () => {
    const { eventId } = await seedEvent();
    const { eventId: other } = await seedEvent();
    const word = unique();
    const target = await pay(eventId, `${word}@example.it`, Date.parse("2031-05-10T10:00:00Z"), 2000);
    const second = await pay(eventId, `${word}@example.it`, Date.parse("2031-05-11T22:30:00Z"), 1000); // 12 May in Rome
    await testDb().insert(refunds).values({ id: crypto.randomUUID(), bookingId: second.id, amountCents: 400, source: "admin", status: "succeeded", completedAt: Date.now() });
    await pay(other, `${word}@example.it`, Date.parse("2031-05-10T11:00:00Z"));
    await seedBooking({ eventId, status: "pending", customerEmail: `${word}@example.it` });

    const byCode = await get<PaymentsPage>("/api/admin/payments/page", { q: bookingCodeOf(target.id) });
    expect(byCode.payments.map((p) => p.id)).toEqual([target.id]);
    const byEmail = await get<PaymentsPage>("/api/admin/payments/page", { q: word, eventId: String(eventId) });
    expect(byEmail.payments.map((p) => p.id)).toEqual([second.id, target.id]);
    expect(byEmail.total).toBe(2);
    expect(byEmail.totals).toEqual({ gross: "30.00", refunded: "4.00", net: "26.00" });
    expect(byEmail.payments[0].refunds).toEqual([{ amount: "4.00", at: expect.any(String) }]);
    const may12 = await get<PaymentsPage>("/api/admin/payments/page", { q: word, from: "2031-05-12", to: "2031-05-12" });
    expect(may12.payments.map((p) => p.id)).toEqual([second.id]);
    // The rows are the payments report's: the same figures for the same days.
    const report = await listPayments(testDb(), { from: Temporal.PlainDate.from("2031-05-10"), to: Temporal.PlainDate.from("2031-05-12") });
    const all = await get<PaymentsPage>("/api/admin/payments/page", { from: "2031-05-10", to: "2031-05-12", limit: "200" });
    expect(all.payments).toEqual(report);
  });

  it("pages neither skip nor repeat payments while new ones are paid between pages", async () => {
    const { eventId } = await seedEvent();
    const word = unique();
    const base = Date.parse("2031-06-01T09:00:00Z");
    const made = [];
    // Several paid in the same millisecond: the id breaks the tie.
    for (let i = 0; i < 11; i++) made.push(await pay(eventId, `${word}@example.it`, base + Math.floor(i / 3) * 1000));
    const expected = made.sort((a, b) => b.paidAt! - a.paidAt! || (a.id < b.id ? 1 : -1)).map((b) => b.id);
    const seen = await walk(
      (cursor) => get<PaymentsPage>("/api/admin/payments/page", { q: word, limit: "3", ...(cursor ? { cursor } : {}) }),
      (p) => p.payments.map((x) => x.id),
      (n) => pay(eventId, `${word}@example.it`, base + 3_600_000 + n),
      11,
    );
    expect(seen).toEqual(expected);
  });

  it("refuses a cursor, limit or range it cannot read", async () => {
    for (const query of ["cursor=abc", "limit=0", "limit=201", "from=2031-02-12&to=2031-02-11", `q=${"x".repeat(101)}`, "eventId=x"]) {
      expect((await adminApi(`/api/admin/payments/page?${query}`, { cookie })).status, query).toBe(400);
    }
  });
});

describe("GET /api/admin/audit/page", () => {
  const entry = (fields: { action: string; entityId?: string; staffEmail?: string; at: number }) =>
    testDb()
      .insert(auditLog)
      .values({ sessionId: null, staffId: null, staffEmail: fields.staffEmail ?? null, action: fields.action, entity: fields.action.split(".")[0], entityId: fields.entityId ?? null, at: fields.at })
      .returning()
      .get();

  it("filters by action or entity, the entity's id, the staff e-mail and Rome days", async () => {
    const word = unique();
    const staff = `${word}@parcheggi.example`;
    const booking = crypto.randomUUID();
    const freed = await entry({ action: "booking.free", entityId: booking, staffEmail: staff, at: naples("2031-03-02T00:30") });
    const refunded = await entry({ action: "booking.refund", entityId: booking, staffEmail: staff, at: naples("2031-03-02T10:00") });
    const event = await entry({ action: "event.update", entityId: "77", staffEmail: staff, at: naples("2031-03-01T23:30") });
    await entry({ action: "booking.free", entityId: crypto.randomUUID(), staffEmail: `x${staff}`, at: naples("2031-03-02T11:00") });

    const ids = (p: AuditPage) => p.entries.map((e) => e.id);
    expect(ids(await get<AuditPage>("/api/admin/audit/page", { entityId: booking }))).toEqual([refunded.id, freed.id]);
    // The code the customer reads out finds the booking's entries too.
    expect(ids(await get<AuditPage>("/api/admin/audit/page", { entityId: bookingCodeOf(booking) }))).toEqual([refunded.id, freed.id]);
    expect(ids(await get<AuditPage>("/api/admin/audit/page", { staff: staff.toUpperCase() }))).toEqual([refunded.id, freed.id, event.id]);
    expect(ids(await get<AuditPage>("/api/admin/audit/page", { staff: word, action: "booking" }))).toEqual([refunded.id, freed.id]);
    expect(ids(await get<AuditPage>("/api/admin/audit/page", { staff, action: "booking.free" }))).toEqual([freed.id]);
    const day = await get<AuditPage>("/api/admin/audit/page", { staff, from: "2031-03-02", to: "2031-03-02" });
    expect(ids(day)).toEqual([refunded.id, freed.id]);
    expect(day.total).toBe(2);
    expect(day.entries[0]).toMatchObject({ action: "booking.refund", entity: "booking", entityId: booking, staffEmail: staff });
  });

  it("pages neither skip nor repeat entries while staff keep acting", async () => {
    const staff = `${unique()}@parcheggi.example`;
    const base = naples("2031-04-01T09:00");
    const made = [];
    for (let i = 0; i < 9; i++) made.push(await entry({ action: "event.update", staffEmail: staff, at: base + Math.floor(i / 2) * 1000 }));
    const expected = made.sort((a, b) => b.at - a.at || b.id - a.id).map((e) => e.id);
    const seen = await walk(
      (cursor) => get<AuditPage>("/api/admin/audit/page", { staff, limit: "2", ...(cursor ? { cursor } : {}) }),
      (p) => p.entries.map((e) => e.id),
      (n) => entry({ action: "event.update", staffEmail: staff, at: base + 3_600_000 + n }),
      9,
    );
    expect(seen).toEqual(expected);
  });

  it("refuses what it cannot read", async () => {
    for (const query of ["cursor=1.x", "limit=0", "from=2031-03-03&to=2031-03-02"]) {
      expect((await adminApi(`/api/admin/audit/page?${query}`, { cookie })).status, query).toBe(400);
    }
  });
});

describe("GET /api/admin/waitlist-entries", () => {
  async function join(eventId: number, rateId: number, email: string, plate: string, fields: { leftAt?: number; bookingId?: string } = {}) {
    return testDb()
      .insert(waitlistEntries)
      .values({ token: crypto.randomUUID(), eventId, rateId, email, licensePlate: plate, lang: "it", createdAt: Date.now(), leftAt: fields.leftAt ?? null, bookingId: fields.bookingId ?? null })
      .returning()
      .get();
  }

  it("finds an entry by e-mail or plate, by event and those still in line, each row with its state, place and offer's booking", async () => {
    const { eventId, rates } = await seedEvent();
    const { eventId: other, rates: otherRates } = await seedEvent();
    const word = unique();
    const plate = `W${word.slice(1, 7).toUpperCase()}`;
    const first = await join(eventId, rates[0].id, `${word}.a@example.it`, plate);
    const left = await join(eventId, rates[0].id, `${word}.b@example.it`, `${plate}B`, { leftAt: Date.now() });
    const offer = await seedBooking({ eventId, rateId: rates[0].id, status: "pending" });
    const offered = await join(eventId, rates[0].id, `${word}.c@example.it`, `${plate}C`, { bookingId: offer.id });
    const second = await join(eventId, rates[0].id, `${word}.d@example.it`, `${plate}D`);
    const elsewhere = await join(other, otherRates[0].id, `${word}.e@example.it`, `${plate}E`);

    const ids = (p: WaitlistPage) => p.entries.map((e) => e.id);
    const mine = await get<WaitlistPage>("/api/admin/waitlist-entries", { eventId: String(eventId) });
    expect(ids(mine)).toEqual([second.id, offered.id, left.id, first.id]);
    expect(mine.entries.map((e) => [e.state, e.position])).toEqual([["waiting", 2], ["offered", null], ["left", null], ["waiting", 1]]);
    expect(mine.entries[1].bookingId).toBe(offer.id);
    expect(ids(await get<WaitlistPage>("/api/admin/waitlist-entries", { eventId: String(eventId), inLine: "1" }))).toEqual([second.id, first.id]);
    expect(ids(await get<WaitlistPage>("/api/admin/waitlist-entries", { q: `${word}.C@example.it` }))).toEqual([offered.id]);
    expect(ids(await get<WaitlistPage>("/api/admin/waitlist-entries", { q: word }))).toEqual([elsewhere.id, second.id, offered.id, left.id, first.id]);
    expect(ids(await get<WaitlistPage>("/api/admin/waitlist-entries", { q: `${plate.slice(0, 3)} ${plate.slice(3)}e`.toLowerCase() }))).toEqual([elsewhere.id]);
    const filtered = await get<WaitlistPage>("/api/admin/waitlist-entries", { q: plate, eventId: String(eventId), inLine: "1" });
    expect(ids(filtered)).toEqual([second.id, first.id]);
    expect(filtered.total).toBe(2);
  });

  it("pages neither skip nor repeat entries while people join between pages", async () => {
    const { eventId, rates } = await seedEvent();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await join(eventId, rates[0].id, `p${i}@example.it`, `PG${i}`));
    const seen = await walk(
      (cursor) => get<WaitlistPage>("/api/admin/waitlist-entries", { eventId: String(eventId), limit: "2", ...(cursor ? { cursor } : {}) }),
      (p) => p.entries.map((e) => e.id),
      (n) => join(eventId, rates[0].id, `late${n}@example.it`, `LT${n}`),
      7,
    );
    expect(seen).toEqual(made.map((e) => e.id).reverse());
  });

  it("refuses what it cannot read", async () => {
    for (const query of ["cursor=x", "limit=500", "inLine=yes", "eventId=-1"]) {
      expect((await adminApi(`/api/admin/waitlist-entries?${query}`, { cookie })).status, query).toBe(400);
    }
  });
});

/** The plan SQLite chooses for a statement, one line per step. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } } | { sql: string; params: unknown[] }): Promise<string[]> {
  const { sql, params } = "toSQL" in query ? query.toSQL() : query;
  const plan = await testDb().$client.prepare(`explain query plan ${sql}`).bind(...params).all<{ detail: string }>();
  return plan.results.map((step) => step.detail);
}

/** drizzle's sql`` template as the statement and parameters D1 would run. */
const rawOf = (query: SQL) => new SQLiteAsyncDialect().sqlToQuery(query);

describe("every filter has its index (EXPLAIN QUERY PLAN)", () => {
  it("the check sees a full scan where there is one", async () => {
    const plan = await planOf(testDb().select().from(auditLog).where(eq(auditLog.sessionId, "none")));
    expect(plan.filter((s) => /^SCAN audit_log\b/.test(s))).toEqual(["SCAN audit_log"]);
  });

  const paymentCursor = { at: naples("2031-02-01T12:00"), id: "8f3a2c1e-0000-4000-8000-000000000000" };
  const payments: Record<string, { search: Omit<PaymentSearch, "limit">; index: RegExp }> = {
    "no filter": { search: {}, index: /^SEARCH bookings USING INDEX bookings_paid_id_idx/ },
    "Rome days": { search: { from: naples("2031-02-01T00:00"), to: naples("2031-03-01T00:00") }, index: /^SEARCH bookings USING INDEX bookings_paid_id_idx/ },
    event: { search: { eventId: 1 }, index: /^SEARCH bookings USING INDEX bookings_event_paid_idx \(event_id=\?/ },
    "event and days": { search: { eventId: 1, from: naples("2031-02-01T00:00") }, index: /^SEARCH bookings USING INDEX bookings_event_paid_idx \(event_id=\?/ },
    "code, plate, name or e-mail": { search: { q: "AB12" }, index: /^MULTI-INDEX OR/ },
    "one field and event": { search: { q: "mario@example.it", eventId: 1 }, index: /^MULTI-INDEX OR|^SEARCH bookings USING INDEX bookings_event_/ },
  };
  for (const [name, { search, index }] of Object.entries(payments)) {
    it(`payments, ${name}: page (first and next) and totals by an index, never a scan of bookings`, async () => {
      for (const s of [{ ...search, limit: 50 }, { ...search, limit: 50, cursor: paymentCursor }]) {
        const { page, totals } = paymentPageQueries(testDb(), s);
        for (const plan of [await planOf(page), await planOf(totals)]) {
          expect(plan.filter((step) => /^SCAN (bookings|refunds)\b/.test(step)), plan.join("\n")).toEqual([]);
          expect(plan.find((step) => /^(SEARCH bookings|MULTI-INDEX OR)/.test(step)), plan.join("\n")).toMatch(index);
        }
      }
    });
  }

  const auditCursor = { at: naples("2031-02-01T12:00"), id: 1000 };
  const audits: Record<string, { search: Omit<AuditSearch, "limit">; index: RegExp }> = {
    "no filter": { search: {}, index: /^SCAN audit_log USING (COVERING )?INDEX audit_log_at_id_idx|^SEARCH audit_log USING (COVERING )?INDEX audit_log_at_id_idx/ },
    "Rome days": { search: { from: naples("2031-02-01T00:00"), to: naples("2031-03-01T00:00") }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_at_id_idx/ },
    entity: { search: { action: "booking" }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_entity_at_idx \(entity=\?/ },
    action: { search: { action: "booking.free" }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_action_at_idx \(action=\?/ },
    "entity's id": { search: { entityId: "42" }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_entity_id_idx \(entity_id=\?/ },
    staff: { search: { staff: "titolare@parcheggi.example" }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_staff_at_idx \(staff_email=\?/ },
    "staff e-mail's start (the few rows sorted)": { search: { staff: "titolare@" }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_staff_at_idx \(staff_email>\? AND staff_email<\?/ },
    "a booking's code": { search: { entityId: "8F3A2C1E" }, index: /^SEARCH audit_log USING INDEX audit_log_entity_id_idx \(entity_id>\? AND entity_id<\?/ },
    "entity's id, action and staff": { search: { entityId: "42", action: "booking.free", staff: "t" }, index: /^SEARCH audit_log USING INDEX audit_log_entity_id_idx/ },
    "action and days": { search: { action: "event.update", from: naples("2031-02-01T00:00") }, index: /^SEARCH audit_log USING (COVERING )?INDEX audit_log_action_at_idx/ },
  };
  for (const [name, { search, index }] of Object.entries(audits)) {
    it(`audit log, ${name}: page (first and next) and total by an index, never a full scan`, async () => {
      for (const s of [{ ...search, limit: 50 }, { ...search, limit: 50, cursor: auditCursor }]) {
        const { page, total } = auditPageQueries(testDb(), s);
        const pagePlan = await planOf(page);
        // With no filter the newest page walks (at, id) backwards and stops at the page's end: no sort.
        expect(pagePlan.join("\n")).not.toMatch(/^SCAN audit_log$/m);
        expect(pagePlan.find((step) => /^(SCAN|SEARCH) audit_log/.test(step)), pagePlan.join("\n")).toMatch(index);
        if (!s.entityId && !name.includes("sorted")) expect(pagePlan.join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
        const totalPlan = await planOf(total);
        if (Object.keys(search).length) expect(totalPlan.filter((step) => /^SCAN audit_log/.test(step)), totalPlan.join("\n")).toEqual([]);
      }
    });
  }

  const waitlists: Record<string, { search: Omit<WaitlistSearch, "limit">; index: RegExp }> = {
    event: { search: { eventId: 1 }, index: /^SEARCH w USING (COVERING )?INDEX waitlist_entries_event_id_idx \(event_id=\?/ },
    "in line": { search: { inLine: true }, index: /^SEARCH w USING (COVERING )?INDEX waitlist_entries_booking_uq \(booking_id=\?/ },
    "event, in line": { search: { eventId: 1, inLine: true }, index: /^SEARCH w USING (COVERING )?INDEX waitlist_entries_event(_id)?_idx \(event_id=\?/ },
    "e-mail or plate": { search: { q: "AB12" }, index: /^MULTI-INDEX OR/ },
    "e-mail, event and in line": { search: { q: "mario@", eventId: 1, inLine: true }, index: /^SEARCH w USING INDEX waitlist_entries_email_idx|^MULTI-INDEX OR/ },
  };
  for (const [name, { search, index }] of Object.entries(waitlists)) {
    it(`waiting lists, ${name}: page (first and next) and total by an index, never a scan of the entries`, async () => {
      for (const s of [{ ...search, limit: 50 }, { ...search, limit: 50, cursor: 1000 }]) {
        const { page, total } = waitlistPageQueries(s, naples("2031-02-01T12:00"));
        for (const plan of [await planOf(rawOf(page)), await planOf(rawOf(total))]) {
          expect(plan.filter((step) => /^SCAN (w|waitlist_entries)$/.test(step)), plan.join("\n")).toEqual([]);
          expect(plan.find((step) => /^(SCAN|SEARCH) w\b|^MULTI-INDEX OR/.test(step)), plan.join("\n")).toMatch(index);
        }
      }
    });
  }
});
