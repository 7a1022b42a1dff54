import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { generateVoucherCode } from "../../shared/lifecycle/season";
import { describe, expect, it } from "vitest";
import { auditLog, bookings, demoPaymentIntents, documents, refunds, sdiSubmissions, seasonPasses, staffRoles, uploads, type StaffRole } from "../../db/schema";
import { app } from "../app";
import { sessionIdOf } from "../services/admin-auth";
import { outboxInsert } from "../services/email/outbox";
import { createNotice } from "../services/notices";
import { adminCookie, seedStaff, staffCookie, TEST_ADMIN_PASSWORD } from "../test/admin";
import { api, seedBooking, seedEvent, testDb } from "../test/helpers";

type Case = {
  route: string;
  /** Builds what the request needs (fresh per attempt, since writes consume it), for a session of `role`. */
  request: (role: StaffRole) => Promise<{ path: string; json?: unknown; headers?: Record<string, string> }>;
  ok: number;
  /** The audit action a successful write records (reads record nothing). */
  audit?: string;
  /** The roles the route lets in; every other role gets 403. Default: the admin area's owner + manager. */
  roles?: StaffRole[];
};

const ADMIN_AREA: StaffRole[] = ["owner", "manager"];

/** Routes that end sessions: they get a session of their own, and the role's shared one is made anew after. */
const ENDS_SESSIONS = new Set(["POST /api/admin/logout", "PUT /api/admin/password"]);

// One session per role for the whole file: a login costs a 100,000-iteration PBKDF2 (~100 ms), and
// ~350 cases each logging in afresh made this the suite's slowest file (issue #42). Every case still
// sends a real cookie through the real middleware; the login itself is tested in routes/admin-auth.test.ts.
const shared = new Map<StaffRole, Promise<string>>();
function sessionOf(role: StaffRole): Promise<string> {
  if (!shared.has(role)) shared.set(role, staffCookie(role));
  return shared.get(role)!;
}
const ownerCookie = () => sessionOf("owner");

let revokedCookie: Promise<string> | undefined;
/** A session that existed and was logged out, made once. */
function revokedSession(): Promise<string> {
  revokedCookie ??= adminCookie().then(async (cookie) => {
    await api("/api/admin/logout", { method: "POST", headers: { Cookie: cookie } });
    return cookie;
  });
  return revokedCookie;
}
const ALL_STAFF: StaffRole[] = ["owner", "manager", "gate"];

const eventPayload = (rateId?: number) => ({
  event: { title: "T", description: "D", datetime: "2031-05-01T20:00", durationMinutes: 120, distanceMeters: 1000, totalSpots: 10 },
  rates: [{ ...(rateId ? { id: rateId } : {}), name: "Auto", price: "10.00" }],
});

async function uploadedImage(): Promise<string> {
  const file = `${crypto.randomUUID()}.jpg`;
  await testDb().insert(uploads).values({ key: `uploads/${file}`, kind: "event", contentType: "image/jpeg", size: 3 });
  return `/objects/uploads/${file}`;
}

/** Today's event, so the gate accepts it. */
const gateEvent = () => seedEvent({ datetime: Date.now() + 3_600_000 });

async function category(): Promise<number> {
  return (await seedEvent({ category: { name: `Cat ${crypto.randomUUID()}` } })).category!.id;
}

async function season(): Promise<number> {
  const categoryId = await category();
  const row = await testDb()
    .insert(seasonPasses)
    .values({ name: "Abbonamento", categoryId, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 90 * 86_400_000, priceCents: 20_000, spots: 10 })
    .returning()
    .get();
  return row.id;
}

/** A partner's season pass (assigned, active) with a spot at a match next week. */
async function seasonHolder(): Promise<string> {
  const categoryId = await category();
  await seedEvent({ category: null, categoryId, datetime: Date.now() + 7 * 86_400_000 });
  const id = (await testDb()
    .insert(seasonPasses)
    .values({ name: "Abbonamento", categoryId, startsAt: Date.now() - 86_400_000, endsAt: Date.now() + 90 * 86_400_000, priceCents: 20_000, spots: 10 })
    .returning()
    .get()).id;
  const res = await api(`/api/admin/seasons/${id}/holders`, {
    method: "POST",
    json: { customerName: "Partner Srl", customerEmail: "partner@example.it", licensePlate: "PA123RT", carModel: "Fiat Tipo" },
    headers: { Cookie: await ownerCookie() },
  });
  return (await res.json<{ id: string }>()).id;
}

async function holderMatch(): Promise<{ holderId: string; eventId: number }> {
  const holderId = await seasonHolder();
  const spot = await testDb().select({ eventId: bookings.eventId }).from(bookings).where(eq(bookings.seasonHolderId, holderId)).get();
  return { holderId, eventId: spot!.eventId };
}

async function voucher(): Promise<number> {
  const res = await api("/api/admin/vouchers", {
    method: "POST",
    json: { code: `V${generateVoucherCode(9)}`, kind: "percent", value: 10, maxUses: 3, expires: "2031-12-31" },
    headers: { Cookie: await ownerCookie() },
  });
  return (await res.json<{ id: number }>()).id;
}

async function partner(): Promise<number> {
  const res = await api("/api/partners", {
    method: "POST",
    json: { name: "P", imageUrl: await uploadedImage() },
    headers: { Cookie: await ownerCookie() },
  });
  return (await res.json<{ id: number }>()).id;
}

/** A queued confirmation e-mail of a paid booking. */
async function outboxRow(): Promise<number> {
  const { eventId } = await seedEvent();
  const booking = await seedBooking({ eventId, status: "paid" });
  return (await outboxInsert(testDb(), { bookingId: booking.id, kind: "confirmation", dedupeKey: `confirmation:${booking.id}`, now: Date.now() }).returning().get())!.id;
}

/** An event with one live booking, and a notice written to it. */
async function noticeEvent(): Promise<number> {
  const { eventId } = await seedEvent();
  await seedBooking({ eventId, status: "paid" });
  return eventId;
}

async function sentNotice(): Promise<string> {
  const result = await createNotice(testDb(), await noticeEvent(), { subject: "Avviso", body: "Testo" }, { idempotencyKey: crypto.randomUUID() }, Date.now());
  if (!result.ok) throw new Error("notice not created");
  return result.value.notice.id;
}

const FISCAL_IDENTITY = { ragioneSociale: "Garage S.r.l.", partitaIva: "12345678903", codiceFiscale: "12345678903", indirizzo: "Via Marino 14", cap: "80125", comune: "Napoli", provincia: "NA", regimeFiscale: "RF01", vatRate: "22", invoiceSeries: "FE", accountantEmail: "" };

/** An invoice of a paid booking, written directly (its XML is what the route answers). */
async function invoiceDocument(): Promise<string> {
  const { eventId } = await seedEvent();
  const booking = await seedBooking({ eventId, status: "paid" });
  const id = crypto.randomUUID();
  const seller = { ragioneSociale: "Garage S.r.l.", partitaIva: "12345678903", codiceFiscale: "12345678903", indirizzo: "Via Marino 14", cap: "80125", comune: "Napoli", provincia: "NA", regimeFiscale: "RF01" };
  const buyer = { type: "company", denominazione: "Rossi S.p.A.", partitaIva: "01234567897", indirizzo: "Via Toledo 1", cap: "80134", comune: "Napoli", provincia: "NA", codiceDestinatario: "M5UXCR1" };
  await testDb()
    .insert(documents)
    .values({ id, kind: "invoice", year: 2099, number: Math.floor(Math.random() * 1e9), series: "FE", issuedAt: Date.now(), bookingId: booking.id, totalCents: 1500, taxableCents: 1230, vatCents: 270, vatRateBp: 2200, itemTitle: "Evento", plate: "AB123CD", bookingKind: "booking", customerName: "Mario Rossi", customerEmail: "mario@example.it", seller, buyer });
  return id;
}

/** An invoice SdI discarded (its one sending refused), which the garage may correct and send again. */
async function discardedInvoice(): Promise<string> {
  const id = await invoiceDocument();
  await testDb().insert(sdiSubmissions).values({ id: crypto.randomUUID(), documentId: id, attempt: 1, fileName: `IT12345678903_${id.slice(0, 5)}.xml`, xml: "<FatturaElettronica/>", status: "discarded", reason: "00305", updatedAt: Date.now() });
  return id;
}

/** A booking paid with a demo intent (a refund needs the provider's intent). */
async function demoPaidBooking(): Promise<string> {
  const { eventId } = await seedEvent();
  const booking = await seedBooking({ eventId, status: "paid" });
  const pi = `pi_demo_${crypto.randomUUID().replaceAll("-", "")}`;
  await testDb().insert(demoPaymentIntents).values({ id: pi, clientSecret: `${pi}_secret`, amountCents: 1500, currency: "eur", status: "succeeded", metadata: {} });
  await testDb().update(bookings).set({ paymentIntentId: pi }).where(eq(bookings.id, booking.id));
  return booking.id;
}

const CASES: Case[] = [
  { route: "GET /api/admin/events", request: async () => ({ path: "/api/admin/events" }), ok: 200 },
  { route: "GET /api/admin/audit", request: async () => ({ path: "/api/admin/audit" }), ok: 200 },
  { route: "GET /api/bookings", request: async () => ({ path: "/api/bookings" }), ok: 200 },
  { route: "GET /api/admin/bookings", request: async () => ({ path: "/api/admin/bookings?q=AB12&status=paid" }), ok: 200 },
  { route: "GET /api/admin/payments", request: async () => ({ path: "/api/admin/payments?from=2026-01-01" }), ok: 200 },
  { route: "GET /api/admin/payments/summary", request: async () => ({ path: "/api/admin/payments/summary" }), ok: 200 },
  { route: "GET /api/admin/payments/page", request: async () => ({ path: "/api/admin/payments/page?from=2026-01-01&q=AB12" }), ok: 200 },
  { route: "GET /api/admin/audit/page", request: async () => ({ path: "/api/admin/audit/page?action=booking" }), ok: 200 },
  { route: "GET /api/admin/waitlist-entries", request: async () => ({ path: "/api/admin/waitlist-entries?inLine=1" }), ok: 200 },
  { route: "GET /api/admin/stats", request: async () => ({ path: "/api/admin/stats" }), ok: 200 },
  {
    route: "POST /api/admin/documents/:id/resend",
    request: async () => ({
      path: `/api/admin/documents/${await discardedInvoice()}/resend`,
      json: { buyer: { type: "company", denominazione: "Rossi S.p.A.", partitaIva: "01234567897", codiceFiscale: null, indirizzo: "Via Toledo 1", cap: "80134", comune: "Napoli", provincia: "NA", codiceDestinatario: "M5UXCR1", pec: null } },
    }),
    ok: 200,
    audit: "document.sdi_resend",
  },
  { route: "GET /api/admin/charts/takings", request: async () => ({ path: "/api/admin/charts/takings?by=month" }), ok: 200 },
  { route: "GET /api/admin/charts/takings.csv", request: async () => ({ path: "/api/admin/charts/takings.csv?by=week" }), ok: 200 },
  { route: "GET /api/admin/charts/sources", request: async () => ({ path: "/api/admin/charts/sources?from=2026-01-01" }), ok: 200 },
  { route: "GET /api/admin/charts/sources.csv", request: async () => ({ path: "/api/admin/charts/sources.csv?to=2026-12-31" }), ok: 200 },
  { route: "GET /api/admin/charts/sell-out", request: async () => ({ path: `/api/admin/charts/sell-out?eventId=${(await seedEvent()).eventId}` }), ok: 200 },
  { route: "GET /api/admin/charts/sell-out.csv", request: async () => ({ path: `/api/admin/charts/sell-out.csv?eventId=${(await seedEvent()).eventId}` }), ok: 200 },
  { route: "GET /api/admin/charts/match-day", request: async () => ({ path: `/api/admin/charts/match-day?eventId=${(await seedEvent()).eventId}` }), ok: 200 },
  { route: "GET /api/admin/charts/match-day.csv", request: async () => ({ path: `/api/admin/charts/match-day.csv?eventId=${(await seedEvent()).eventId}` }), ok: 200 },
  { route: "GET /api/admin/configuration", request: async () => ({ path: "/api/admin/configuration" }), ok: 200 },
  { route: "GET /api/admin/emails/backlog", request: async () => ({ path: "/api/admin/emails/backlog" }), ok: 200 },
  { route: "GET /api/admin/payments.csv", request: async () => ({ path: "/api/admin/payments.csv" }), ok: 200 },
  { route: "POST /api/admin/logout", request: async () => ({ path: "/api/admin/logout" }), ok: 200, audit: "admin.logout", roles: ["owner", "manager", "gate"] },
  {
    route: "PUT /api/admin/password",
    // Set to the same password again: the table's owner is the first owner, whom every test logs in as.
    request: async (role) => {
      const password = role === "owner" ? TEST_ADMIN_PASSWORD : "password-di-prova";
      return { path: "/api/admin/password", json: { currentPassword: password, newPassword: password } };
    },
    ok: 200,
    audit: "admin.password",
    roles: ["owner", "manager", "gate"],
  },
  { route: "GET /api/admin/users", request: async () => ({ path: "/api/admin/users" }), ok: 200, roles: ["owner"] },
  {
    route: "POST /api/admin/users",
    request: async () => ({
      path: "/api/admin/users",
      json: { email: `tabella-${crypto.randomUUID().slice(0, 8)}@test.example`, name: "Nuovo", role: "gate", password: "password-di-prova" },
    }),
    ok: 201,
    audit: "user.create",
    roles: ["owner"],
  },
  {
    route: "PATCH /api/admin/users/:id",
    request: async () => ({ path: `/api/admin/users/${(await seedStaff("gate")).id}`, json: { name: "Rinominato" } }),
    ok: 200,
    audit: "user.update",
    roles: ["owner"],
  },
  { route: "POST /api/events", request: async () => ({ path: "/api/events", json: eventPayload() }), ok: 201, audit: "event.create" },
  {
    route: "PUT /api/events/:id",
    request: async () => {
      const { eventId, rateId } = await seedEvent();
      return { path: `/api/events/${eventId}`, json: eventPayload(rateId) };
    },
    ok: 200,
    audit: "event.update",
  },
  { route: "DELETE /api/events/:id", request: async () => ({ path: `/api/events/${(await seedEvent()).eventId}` }), ok: 204, audit: "event.delete" },
  {
    route: "PUT /api/reorder-events",
    request: async () => ({ path: "/api/reorder-events", json: { eventOrders: [{ id: (await seedEvent()).eventId, sortOrder: 3 }] } }),
    ok: 200,
    audit: "event.reorder",
  },
  {
    route: "PUT /api/events/:id/rates/reorder",
    request: async () => {
      const { eventId, rates } = await seedEvent({ rates: [{}, {}] });
      return { path: `/api/events/${eventId}/rates/reorder`, json: { orderedRateIds: [rates[1].id, rates[0].id] } };
    },
    ok: 200,
    audit: "rate.reorder",
  },
  {
    route: "PUT /api/rates/:id/visibility",
    request: async () => ({ path: `/api/rates/${(await seedEvent()).rateId}/visibility`, json: { isVisible: false } }),
    ok: 200,
    audit: "rate.visibility",
  },
  {
    route: "PUT /api/rates/:id/payability",
    request: async () => ({ path: `/api/rates/${(await seedEvent()).rateId}/payability`, json: { isPayable: false } }),
    ok: 200,
    audit: "rate.payability",
  },
  { route: "POST /api/categories", request: async () => ({ path: "/api/categories", json: { name: "Nuova", color: "#123456" } }), ok: 201, audit: "category.create" },
  {
    route: "PUT /api/categories/:id",
    request: async () => ({ path: `/api/categories/${await category()}`, json: { name: "Rinominata", color: "#654321" } }),
    ok: 200,
    audit: "category.update",
  },
  { route: "DELETE /api/categories/:id", request: async () => ({ path: `/api/categories/${await category()}` }), ok: 204, audit: "category.delete" },
  {
    route: "POST /api/partners",
    request: async () => ({ path: "/api/partners", json: { name: "Partner", imageUrl: await uploadedImage(), sortOrder: 1 } }),
    ok: 201,
    audit: "partner.create",
  },
  { route: "DELETE /api/partners/:id", request: async () => ({ path: `/api/partners/${await partner()}` }), ok: 204, audit: "partner.delete" },
  {
    route: "PUT /api/carousel-settings",
    request: async () => ({ path: "/api/carousel-settings", json: { scrollSpeed: 2, frameRate: 20, isEnabled: true } }),
    ok: 200,
    audit: "carousel.update",
  },
  {
    route: "PUT /api/live-notifications/config",
    request: async () => ({
      path: "/api/live-notifications/config",
      json: { isEnabled: true, frequency: 15000, targetEventId: null, isRandomEvents: true },
    }),
    ok: 200,
    audit: "live-notifications.update",
  },
  {
    route: "PUT /api/admin/bookings/:id/free",
    request: async () => {
      const { eventId, rateId } = await seedEvent();
      return { path: `/api/admin/bookings/${(await seedBooking({ eventId, rateId, status: "paid" })).id}/free` };
    },
    ok: 200,
    audit: "booking.free",
  },
  {
    route: "POST /api/objects/upload",
    request: async () => ({ path: "/api/objects/upload", json: { kind: "event", contentType: "image/jpeg", size: 1000 } }),
    ok: 200,
    audit: "upload.grant",
  },
  { route: "GET /api/gate/events", request: async () => ({ path: "/api/gate/events" }), ok: 200, roles: ALL_STAFF },
  { route: "GET /api/gate/events/:id/summary", request: async () => ({ path: `/api/gate/events/${(await gateEvent()).eventId}/summary` }), ok: 200, roles: ALL_STAFF },
  { route: "GET /api/gate/events/:id/passes", request: async () => ({ path: `/api/gate/events/${(await gateEvent()).eventId}/passes` }), ok: 200, roles: ALL_STAFF },
  { route: "GET /api/gate/events/:id/overstays", request: async () => ({ path: `/api/gate/events/${(await gateEvent()).eventId}/overstays` }), ok: 200, roles: ["owner", "manager"] },
  {
    route: "POST /api/gate/scan",
    request: async () => {
      const { eventId, rateId } = await gateEvent();
      const booking = await seedBooking({ eventId, rateId, status: "paid" });
      return { path: "/api/gate/scan", json: { eventId, scan: booking.passSecret, direction: "in" } };
    },
    ok: 200,
    roles: ALL_STAFF,
  },
  { route: "GET /api/admin/emails", request: async () => ({ path: "/api/admin/emails" }), ok: 200 },
  { route: "GET /api/admin/emails/:id/preview", request: async () => ({ path: `/api/admin/emails/${await outboxRow()}/preview` }), ok: 200 },
  { route: "POST /api/admin/emails/:id/resend", request: async () => ({ path: `/api/admin/emails/${await outboxRow()}/resend`, json: {} }), ok: 200, audit: "email.resend" },
  {
    route: "POST /api/admin/emails/bookings/:id/resend",
    request: async () => {
      const { eventId } = await seedEvent();
      return { path: `/api/admin/emails/bookings/${(await seedBooking({ eventId, status: "paid" })).id}/resend`, json: {} };
    },
    ok: 200,
    audit: "email.resend",
  },
  {
    route: "GET /api/admin/bookings/:id/refunds",
    request: async () => ({ path: `/api/admin/bookings/${(await seedBooking({ eventId: (await seedEvent()).eventId, status: "paid" })).id}/refunds` }),
    ok: 200,
  },
  {
    route: "POST /api/admin/bookings/:id/refunds",
    request: async () => ({ path: `/api/admin/bookings/${await demoPaidBooking()}/refunds`, json: { amount: "1.00", reason: "Prova" } }),
    ok: 201,
    audit: "booking.refund",
  },
  {
    route: "POST /api/admin/refunds/:id/retry",
    request: async () => {
      const bookingId = await demoPaidBooking();
      const id = crypto.randomUUID();
      await testDb().insert(refunds).values({ id, bookingId, amountCents: 100, reason: "Prova", source: "admin", status: "failed", failureReason: "Simulata", createdAt: Date.now() });
      return { path: `/api/admin/refunds/${id}/retry`, json: {} };
    },
    ok: 200,
    audit: "refund.retry",
  },
  { route: "GET /api/admin/events/:id/cancellation", request: async () => ({ path: `/api/admin/events/${(await seedEvent()).eventId}/cancellation` }), ok: 200 },
  { route: "GET /api/admin/events/:id/cancellation/seasons", request: async () => ({ path: `/api/admin/events/${(await seedEvent()).eventId}/cancellation/seasons` }), ok: 200 },
  { route: "POST /api/admin/events/:id/cancel", request: async () => ({ path: `/api/admin/events/${(await seedEvent()).eventId}/cancel`, json: {} }), ok: 202, audit: "event.cancel" },
  {
    route: "POST /api/admin/events/:id/postpone",
    request: async () => ({ path: `/api/admin/events/${(await seedEvent()).eventId}/postpone`, json: { datetime: "2031-06-01T19:00:00.000Z", cancelWindowDays: 7 } }),
    ok: 200,
    audit: "event.postpone",
  },
  { route: "GET /api/admin/events/:id/notices", request: async () => ({ path: `/api/admin/events/${await noticeEvent()}/notices` }), ok: 200 },
  { route: "GET /api/admin/events/:id/notices/audience", request: async () => ({ path: `/api/admin/events/${await noticeEvent()}/notices/audience` }), ok: 200 },
  {
    route: "POST /api/admin/events/:id/notices",
    request: async () => ({
      path: `/api/admin/events/${await noticeEvent()}/notices`,
      json: { subject: "Avviso", body: "Testo" },
      headers: { "Idempotency-Key": crypto.randomUUID() },
    }),
    ok: 201,
    audit: "notice.create",
  },
  { route: "POST /api/admin/notices/:id/retry", request: async () => ({ path: `/api/admin/notices/${await sentNotice()}/retry`, json: {} }), ok: 200, audit: "notice.retry" },
  { route: "GET /api/admin/reminder-settings", request: async () => ({ path: "/api/admin/reminder-settings" }), ok: 200 },
  {
    route: "PUT /api/admin/reminder-settings",
    request: async () => ({ path: "/api/admin/reminder-settings", json: { isEnabled: true, sendAt: "10:00", gateOpensMinutesBefore: 120 } }),
    ok: 200,
    audit: "reminders.update",
  },
  { route: "GET /api/admin/waitlists", request: async () => ({ path: "/api/admin/waitlists" }), ok: 200 },
  { route: "GET /api/admin/events/:id/waitlist", request: async () => ({ path: `/api/admin/events/${(await seedEvent()).eventId}/waitlist` }), ok: 200 },
  { route: "GET /api/admin/fiscal-identity", request: async () => ({ path: "/api/admin/fiscal-identity" }), ok: 200, roles: ["owner"] },
  {
    route: "PUT /api/admin/fiscal-identity",
    request: async () => ({ path: "/api/admin/fiscal-identity", json: FISCAL_IDENTITY }),
    ok: 200,
    audit: "fiscal_identity.update",
    roles: ["owner"],
  },
  { route: "GET /api/admin/documents", request: async () => ({ path: "/api/admin/documents?month=2026-03" }), ok: 200 },
  { route: "GET /api/admin/documents/export", request: async () => ({ path: "/api/admin/documents/export?month=2026-03" }), ok: 200 },
  { route: "GET /api/admin/documents/:id/xml", request: async () => ({ path: `/api/admin/documents/${await invoiceDocument()}/xml` }), ok: 200 },
  { route: "GET /api/admin/waitlist-settings", request: async () => ({ path: "/api/admin/waitlist-settings" }), ok: 200 },
  { route: "PUT /api/admin/waitlist-settings", request: async () => ({ path: "/api/admin/waitlist-settings", json: { offerMinutes: 120 } }), ok: 200, audit: "waitlist.settings" },
  { route: "PUT /api/event-images", request: async () => ({ path: "/api/event-images", json: { imageURL: await uploadedImage() } }), ok: 200, audit: "upload.event-image" },
  { route: "GET /api/admin/seasons", request: async () => ({ path: "/api/admin/seasons" }), ok: 200 },
  {
    route: "POST /api/admin/seasons",
    request: async () => ({ path: "/api/admin/seasons", json: { name: "Abbonamento", categoryId: await category(), from: "2026-08-01", to: "2027-05-31", price: 200, spots: 10 } }),
    ok: 201,
    audit: "season.create",
    roles: ["owner"],
  },
  { route: "PATCH /api/admin/seasons/:id", request: async () => ({ path: `/api/admin/seasons/${await season()}`, json: { isOnSale: false } }), ok: 200, audit: "season.sale", roles: ["owner"] },
  { route: "GET /api/admin/seasons/:id/holders", request: async () => ({ path: `/api/admin/seasons/${await season()}/holders` }), ok: 200 },
  {
    route: "POST /api/admin/seasons/:id/holders",
    request: async () => ({ path: `/api/admin/seasons/${await season()}/holders`, json: { customerName: "Partner Srl", customerEmail: "partner@example.it", licensePlate: "PA123RT", carModel: "Fiat Tipo" } }),
    ok: 201,
    audit: "season.assign",
  },
  { route: "GET /api/admin/vouchers", request: async () => ({ path: "/api/admin/vouchers" }), ok: 200 },
  {
    route: "POST /api/admin/vouchers",
    request: async () => ({ path: "/api/admin/vouchers", json: { code: `P${generateVoucherCode(9)}`, kind: "free", value: 0, maxUses: 3, expires: "2031-12-31" } }),
    ok: 201,
    audit: "voucher.create",
  },
  {
    route: "PUT /api/admin/seasons/:id",
    request: async () => ({ path: `/api/admin/seasons/${await season()}`, json: { name: "Abbonamento 2", categoryId: await category(), from: "2026-08-01", to: "2027-05-31", price: 220, spots: 12, isOnSale: true } }),
    ok: 200,
    audit: "season.update",
    roles: ["owner"],
  },
  {
    route: "POST /api/admin/season-holders/:holderId/release",
    request: async () => {
      const { holderId, eventId } = await holderMatch();
      return { path: `/api/admin/season-holders/${holderId}/release`, json: { eventId } };
    },
    ok: 200,
    audit: "season.release",
  },
  { route: "POST /api/admin/season-holders/:holderId/refund", request: async () => ({ path: `/api/admin/season-holders/${await seasonHolder()}/refund`, json: {} }), ok: 200, audit: "season.refund" },
  {
    route: "PUT /api/admin/vouchers/:id",
    request: async () => ({ path: `/api/admin/vouchers/${await voucher()}`, json: { code: "IGNORED", kind: "amount", value: 5, maxUses: 4, expires: "2031-12-31" } }),
    ok: 200,
    audit: "voucher.update",
  },
  { route: "POST /api/admin/vouchers/:id/disable", request: async () => ({ path: `/api/admin/vouchers/${await voucher()}/disable`, json: {} }), ok: 200, audit: "voucher.disable" },
  { route: "GET /api/admin/vouchers/:id/uses", request: async () => ({ path: `/api/admin/vouchers/${await voucher()}/uses` }), ok: 200 },
];

/** Writes anyone may make (a visitor booking and paying, the provider's webhook), and the way in. */
const PUBLIC_WRITES = [
  "POST /api/admin/login",
  "POST /api/bookings",
  "POST /api/presales",
  "POST /api/create-payment-intent",
  "POST /api/confirm-payment",
  "POST /api/demo/confirm",
  "POST /api/stripe/webhook",
  "POST /api/my-bookings/lookup",
  "POST /api/passes/:secret/cancel", // the pass secret is the key; tested in services/cancellations.test.ts
  "PUT /api/passes/:secret/plate",
  "POST /api/waitlist", // joining, taking and leaving are the visitor's, keyed by the personal link: services/waitlist.test.ts
  "POST /api/waitlist/:token/take",
  "POST /api/waitlist/:token/leave",
  "PUT /api/uploads/:file", // authorised by its HMAC signature, tested in routes/uploads.test.ts
  "POST /api/seasons/:id/holders", // buying a season pass, like a booking; tested in routes/seasons.test.ts
  "POST /api/season-passes/:secret/release", // the holder's pass secret is the key; tested in routes/seasons.test.ts
  // Apple's pass web service: authorised by the pass's own "ApplePass <token>"; tested in routes/wallet.test.ts
  "POST /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial",
  "DELETE /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial",
  "POST /api/wallet/apple/v1/log",
  "POST /api/passes/:secret/invoice", // "Richiedi fattura": the pass secret is the key; tested in services/documents/documents.test.ts
];
const PUBLIC_ADMIN_READS = ["GET /api/admin/session"];

const methodOf = (route: string) => route.split(" ")[0];

/** Everything an unauthorised request could have touched, to prove it touched nothing. */
const WATCHED = ["events", "rates", "categories", "bookings", "partners", "carousel_settings", "live_notification_config", "uploads", "audit_log", "staff_users", "gate_scans", "refunds", "notices", "reminder_settings", "waitlist_entries", "waitlist_settings", "season_passes", "season_holders", "vouchers", "documents", "fiscal_identity"];

/** Every watched table's rows, read in one batch: one round trip instead of one per table (10× less time a look). */
async function snapshot(): Promise<string> {
  const reads = WATCHED.map((t) => env.DB.prepare(`select * from ${t} order by 1`));
  // The queue consumers update sending columns in the background; a request can only add rows or re-enqueue them.
  reads.push(env.DB.prepare("select id, booking_id, kind, dedupe_key, enqueued_at from email_outbox order by 1"));
  reads.push(env.DB.prepare("select id, document_id, attempt, file_name, xml from sdi_submissions order by 1"));
  return JSON.stringify((await env.DB.batch(reads)).map((r) => r.results));
}

describe("admin access", () => {
  it("the table covers every write route and every /api/admin and /api/gate route of the app", () => {
    const routes = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    const guarded = [...routes].filter((r) => methodOf(r) !== "GET" || r.includes("/api/admin/") || r.includes("/api/gate/") || r === "GET /api/bookings");
    const covered = new Set([...CASES.map((c) => c.route), ...PUBLIC_WRITES, ...PUBLIC_ADMIN_READS]);
    expect(guarded.filter((r) => !covered.has(r))).toEqual([]);
    expect(CASES.map((c) => c.route).filter((r) => !routes.has(r))).toEqual([]);
  });

  describe.each(CASES)("$route", ({ route, request, ok, audit, roles }) => {
    it("answers 401 in the error shape without a session (or with a forged or revoked one), touching nothing", async () => {
      const revoked = await revokedSession();
      for (const cookie of [undefined, "pe_admin=forged-token", revoked]) {
        const { path, json, headers } = await request("owner");
        const before = await snapshot();
        const res = await api(path, { method: methodOf(route), json, headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
        expect(res.status, `${route} with ${cookie ?? "no cookie"}`).toBe(401);
        expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "Accesso amministratore richiesto" } });
        expect(await snapshot()).toBe(before);
      }
    });

    it.each(staffRoles)(`as %s: ${ok} if the route allows the role${audit ? ` (recording "${audit}" with the account)` : ""}, else 403 touching nothing`, async (role) => {
      const endsSessions = ENDS_SESSIONS.has(route);
      const cookie = endsSessions ? await staffCookie(role) : await sessionOf(role);
      // A password change ends the account's other sessions, the shared one among them.
      if (endsSessions) shared.delete(role);
      const { path, json, headers } = await request(role);
      const before = await snapshot();
      const res = await api(path, { method: methodOf(route), json, headers: { ...headers, Cookie: cookie } });
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      if (!(roles ?? ADMIN_AREA).includes(role)) {
        expect(res.status, `${role} on ${route}`).toBe(403);
        expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Il tuo ruolo non permette questa operazione" } });
        expect(await snapshot()).toBe(before);
        return;
      }
      expect(res.status, await res.clone().text()).toBe(ok);
      if (!audit) return;
      const staff = (await (await api("/api/admin/session", { headers: { Cookie: cookie } })).json<{ staff?: { id: number; email: string } }>()).staff;
      const last = await testDb().select().from(auditLog).orderBy(desc(auditLog.id)).get();
      expect(last).toMatchObject({ action: audit, sessionId: await sessionIdOf(cookie.slice("pe_admin=".length)), entity: audit.split(".")[0] });
      // Logout ends the session, so who did it is read from the audit row itself there.
      if (staff) expect(last).toMatchObject({ staffId: staff.id, staffEmail: staff.email });
      else expect(last!.staffEmail).toMatch(new RegExp(`^(${role}-|titolare@)`));
      expect(last!.at).toBeGreaterThan(Date.now() - 60_000);
      if (path.match(/\/(\d+)(\/|$)/)) expect(last!.entityId).toBe(path.match(/\/(\d+)(\/|$)/)![1]);
    });
  });

  it("gate staff get 403 on payments, the bookings list, settings and users", async () => {
    const cookie = await staffCookie("gate");
    const attempts: [string, string, unknown?][] = [
      ["GET", "/api/admin/payments/summary"],
      ["GET", "/api/admin/payments.csv"],
      ["GET", "/api/bookings"],
      ["GET", "/api/admin/events"],
      ["PUT", "/api/carousel-settings", { scrollSpeed: 2, frameRate: 20, isEnabled: true }],
      ["PUT", "/api/live-notifications/config", { isEnabled: false, frequency: 15000, targetEventId: null, isRandomEvents: true }],
      ["GET", "/api/admin/users"],
      ["GET", "/api/admin/audit"],
    ];
    for (const [method, path, json] of attempts) expect((await api(path, { method, json, headers: { Cookie: cookie } })).status, `${method} ${path}`).toBe(403);
  });

  it("public writes stay reachable without a session", async () => {
    for (const route of PUBLIC_WRITES.filter((r) => !r.includes(":"))) {
      const res = await api(route.split(" ")[1], { method: methodOf(route), json: {} });
      expect([401, 403], route).not.toContain(res.status);
    }
  });

  it("records the entity id of created entities", async () => {
    const res = await api("/api/categories", { method: "POST", json: { name: "Audit", color: "#000000" }, headers: { Cookie: await adminCookie() } });
    const { id } = await res.json<{ id: number }>();
    const last = await testDb().select().from(auditLog).orderBy(desc(auditLog.id)).get();
    expect(last).toMatchObject({ action: "category.create", entityId: String(id) });
  });

  it("GET /api/admin/audit lists entries newest first", async () => {
    const cookie = await adminCookie();
    await api("/api/categories", { method: "POST", json: { name: "Prima", color: "#000000" }, headers: { Cookie: cookie } });
    await api("/api/carousel-settings", { method: "PUT", json: { scrollSpeed: 1, frameRate: 16, isEnabled: true }, headers: { Cookie: cookie } });
    const list = await (await api("/api/admin/audit?limit=2", { headers: { Cookie: cookie } })).json<{ id: number; action: string; at: string }[]>();
    expect(list.map((a) => a.action)).toEqual(["carousel.update", "category.create"]);
    expect(list[0].id).toBeGreaterThan(list[1].id);
    const older = await (await api(`/api/admin/audit?limit=1&before=${list[1].id}`, { headers: { Cookie: cookie } })).json<{ id: number }[]>();
    expect(older[0].id).toBeLessThan(list[1].id);
  });
});
