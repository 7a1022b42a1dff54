import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bookingStatuses, refundStatuses, type BookingStatus, type RefundStatus } from "../shared/lifecycle/booking";
import { LANGS } from "../shared/lang";
import { DEFAULT_EVENT_MINUTES } from "../shared/lifecycle/event";
import type { Translations } from "../shared/translations";

// Instants are stored as UTC epoch milliseconds; money as integer euro cents.
// A garage text's other languages sit beside it as one JSON object, { en: "…", de: "…" } (decision 062).
const translations = (column: string) => text(column, { mode: "json" }).$type<Translations>().notNull().default({});
/** The language the customer used: their e-mails and documents are written in it. */
const lang = () => text("lang", { enum: LANGS }).notNull().default("it");
/** Who parks and with what car: a booking's, and a season holder's for every match of the season. */
const customerColumns = () => ({
  customerName: text("customer_name").notNull(),
  customerEmail: text("customer_email").notNull(),
  licensePlate: text("license_plate").notNull(),
  carModel: text("car_model").notNull(),
});
const createdAt = () =>
  integer("created_at")
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameTranslations: translations("name_translations"),
  color: text("color").notNull().default("#3B82F6"),
  createdAt: createdAt(),
});

export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    titleTranslations: translations("title_translations"),
    descriptionTranslations: translations("description_translations"),
    datetime: integer("datetime"),
    isAlwaysActive: integer("is_always_active", { mode: "boolean" }).notNull().default(false),
    // The event's length (issue #25: a number, formatted per language): its end is datetime + this,
    // in TypeScript and SQL alike.
    durationMinutes: integer("duration_minutes").notNull().default(DEFAULT_EVENT_MINUTES),
    // How far the garage is from the venue, in metres (null: not given); shown as "300 m" / "1,5 km".
    distanceMeters: integer("distance_meters"),
    totalSpots: integer("total_spots").notNull().default(0),
    reservedSpots: integer("reserved_spots").notNull().default(0),
    occupiedSpots: integer("occupied_spots").notNull().default(0),
    imageUrl: text("image_url"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    prevenditaTitle: text("prevendita_title"),
    prevenditaDescription: text("prevendita_description"),
    prevenditaTitleTranslations: translations("prevendita_title_translations"),
    prevenditaDescriptionTranslations: translations("prevendita_description_translations"),
    prevenditaPriceCents: integer("prevendita_price_cents"),
    isPrevenditaVisible: integer("is_prevendita_visible", { mode: "boolean" }).notNull().default(false),
    isPrevenditaPayable: integer("is_prevendita_payable", { mode: "boolean" }).notNull().default(false),
    // Customers may cancel (full refund) until this many hours before the start; null = 24.
    cancelDeadlineHours: integer("cancel_deadline_hours"),
    // "Annulla evento": set by the cancel-event Workflow's first step; the event is then off sale.
    cancelledAt: integer("cancelled_at"),
    // "Rinvia evento": until this instant every customer may cancel for a full refund, deadline or not.
    postponeCancelUntil: integer("postpone_cancel_until"),
    // The start before the last "Rinvia": the event page's schema.org previousStartDate.
    previousDatetime: integer("previous_datetime"),
    createdAt: createdAt(),
  },
  (t) => [index("events_active_order_idx").on(t.isActive, t.sortOrder)],
);

export const rates = sqliteTable(
  "rates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    nameTranslations: translations("name_translations"),
    descriptionTranslations: translations("description_translations"),
    priceCents: integer("price_cents").notNull(),
    isVisible: integer("is_visible", { mode: "boolean" }).notNull().default(true),
    isPayable: integer("is_payable", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    // The rate's validity window around its event (null: no limit on that side), e.g. from 240
    // minutes before the start to 120 after the end; the gate shows an exit past it as overstay.
    minutesBeforeStart: integer("minutes_before_start"),
    minutesAfterEnd: integer("minutes_after_end"),
    // VAT of this rate in basis points when it differs from the garage's (fiscal_identity.vat_rate_bp); null: the garage's.
    vatRateBp: integer("vat_rate_bp"),
  },
  (t) => [index("rates_event_order_idx").on(t.eventId, t.sortOrder)],
);

// "season": a season holder's spot at one event of the season (docs/decisions/034-season-passes-and-vouchers.md).
export const bookingKinds = ["booking", "prevendita", "season"] as const;
/** Where the buyer came from (worker/lib/attribution.ts). */
export const bookingSources = ["direct", "share", "partner", "email_notice", "email_reminder", "email", "campaign"] as const;
export type BookingSource = (typeof bookingSources)[number];
export type BookingKind = (typeof bookingKinds)[number];
export { bookingStatuses, refundStatuses, type BookingStatus, type RefundStatus };
export const gateStates = ["inside", "exited"] as const;
export type GateState = (typeof gateStates)[number];

export const bookings = sqliteTable(
  "bookings",
  {
    // crypto.randomUUID(): 122 random bits, so a booking id is also its unguessable access key.
    id: text("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    rateId: integer("rate_id").references(() => rates.id, { onDelete: "set null" }),
    kind: text("kind", { enum: bookingKinds }).notNull().default("booking"),
    status: text("status", { enum: bookingStatuses }).notNull().default("pending"),
    ...customerColumns(),
    // Presale form fields (kind = 'prevendita').
    nome: text("nome"),
    cognome: text("cognome"),
    telefono: text("telefono"),
    note: text("note"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("eur"),
    holdExpiresAt: integer("hold_expires_at").notNull(),
    idempotencyKey: text("idempotency_key"),
    // SHA-256 of the client's IP (CF-Connecting-IP): counts its active holds for the hold cap.
    clientKey: text("client_key"),
    paymentIntentId: text("payment_intent_id"),
    paymentProvider: text("payment_provider"),
    paidAt: integer("paid_at"),
    freedAt: integer("freed_at"),
    refundedAt: integer("refunded_at"),
    plateAnonymizedAt: integer("plate_anonymized_at"),
    personalDataAnonymizedAt: integer("personal_data_anonymized_at"),
    // The pass behind /p/<secret>: ≥128 random bits over the base64url alphabet, set in the
    // statement that marks the booking paid (docs/decisions/015-gate-passes-and-offline-gate.md).
    passSecret: text("pass_secret"),
    // Gate state: null (never scanned), 'inside' or 'exited'; the instants of the last entry/exit.
    gateState: text("gate_state", { enum: gateStates }),
    checkedInAt: integer("checked_in_at"),
    checkedOutAt: integer("checked_out_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
    // The language the booking was made in ("it" | "en"): its e-mails are written in it.
    lang: lang(),
    // Kind "season": the holder whose spot this is (one booking per event of the season).
    seasonHolderId: text("season_holder_id"),
    // The voucher entered at booking (vouchers.code), and the cents it took off the rate's price.
    voucherCode: text("voucher_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    // Where the buyer came from, recorded at creation from the landing link's marks (decision 059),
    // and those marks as kept (`ref=share&utm_source=…`); null for a direct visit.
    source: text("source", { enum: bookingSources }).notNull().default("direct"),
    sourceDetail: text("source_detail"),
  },
  (t) => [
    index("bookings_season_holder_idx").on(t.seasonHolderId, t.eventId),
    index("bookings_voucher_idx").on(t.voucherCode),
    uniqueIndex("bookings_idempotency_key_uq").on(t.idempotencyKey),
    uniqueIndex("bookings_payment_intent_uq").on(t.paymentIntentId),
    index("bookings_event_status_idx").on(t.eventId, t.status, t.holdExpiresAt),
    index("bookings_status_hold_idx").on(t.status, t.holdExpiresAt),
    // The payments pages (docs/decisions/063-server-pages.md): newest payment first, cursor (paid_at, id).
    index("bookings_paid_id_idx").on(t.paidAt, t.id),
    index("bookings_event_paid_idx").on(t.eventId, t.paidAt, t.id),
    // The admin's search (docs/decisions/053-bookings-search.md): newest first with a (created_at, id)
    // cursor, one status in that order, and each search key by an index range.
    index("bookings_created_id_idx").on(t.createdAt, t.id),
    index("bookings_status_created_idx").on(t.status, t.createdAt, t.id),
    index("bookings_event_created_idx").on(t.eventId, t.createdAt, t.id),
    index("bookings_plate_idx").on(t.licensePlate),
    index("bookings_name_lower_idx").on(sql`lower(${t.customerName})`),
    index("bookings_client_hold_idx").on(t.clientKey, t.status, t.holdExpiresAt),
    index("bookings_email_hold_idx").on(t.customerEmail, t.status, t.holdExpiresAt),
    uniqueIndex("bookings_pass_secret_uq").on(t.passSecret),
    index("bookings_event_plate_idx").on(t.eventId, t.licensePlate),
  ],
);

export const gateDirections = ["in", "out"] as const;
// "reread": the same phone read a pass it has just let in (shared/gate.ts); "no_entry": an exit of a
// car the gate never saw enter, recorded and never blocking.
export const gateResults = ["ok", "reread", "no_entry", "already_in", "not_paid", "wrong_event", "void", "unknown", "ambiguous"] as const;
export type GateDirection = (typeof gateDirections)[number];
export type GateResult = (typeof gateResults)[number];

// Every scan the gate sends, keyed by the id the phone gave it: replaying a queued offline scan
// finds its row and answers the stored result instead of scanning again.
export const gateScans = sqliteTable(
  "gate_scans",
  {
    id: text("id").primaryKey(),
    eventId: integer("event_id").notNull(),
    bookingId: text("booking_id"),
    direction: text("direction", { enum: gateDirections }).notNull(),
    result: text("result", { enum: gateResults }).notNull(),
    scannedAt: integer("scanned_at").notNull(),
    receivedAt: integer("received_at").notNull(),
    offline: integer("offline", { mode: "boolean" }).notNull().default(false),
    sessionId: text("session_id"),
  },
  (t) => [index("gate_scans_event_idx").on(t.eventId, t.receivedAt)],
);

// Simulated payment intents of the demo provider (used when no Stripe key is configured).
export const demoPaymentIntents = sqliteTable("demo_payment_intents", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("eur"),
  status: text("status").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
  lastError: text("last_error"),
  createdAt: createdAt(),
});

// Refunds of the demo provider: like Stripe's, they never exceed what the intent took.
export const demoRefunds = sqliteTable(
  "demo_refunds",
  {
    id: text("id").primaryKey(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("demo_refunds_intent_idx").on(t.paymentIntentId)],
);

export const partners = sqliteTable("partners", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameTranslations: translations("name_translations"),
  imageUrl: text("image_url").notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const carouselSettings = sqliteTable("carousel_settings", {
  id: integer("id").primaryKey(),
  isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(true),
  scrollSpeed: real("scroll_speed").notNull().default(1),
  frameRate: integer("frame_rate").notNull().default(16),
});

export const liveNotificationConfig = sqliteTable("live_notification_config", {
  id: integer("id").primaryKey(),
  isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(true),
  frequency: integer("frequency").notNull().default(10000),
  targetEventId: integer("target_event_id").references(() => events.id, { onDelete: "set null" }),
  isRandomEvents: integer("is_random_events", { mode: "boolean" }).notNull().default(true),
});

export const uploads = sqliteTable("uploads", {
  key: text("key").primaryKey(),
  kind: text("kind", { enum: ["event", "partner"] }).notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});

export const staffRoles = ["owner", "manager", "gate"] as const;
export type StaffRole = (typeof staffRoles)[number];

// Staff accounts of the admin area and the gate. Accounts are disabled, never deleted, so the
// audit trail keeps pointing at who did what.
export const staffUsers = sqliteTable(
  "staff_users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored lower-cased and trimmed: the login compares it as typed by the person.
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: staffRoles }).notNull(),
    // "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" (worker/services/passwords.ts).
    passwordHash: text("password_hash").notNull(),
    disabledAt: integer("disabled_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [uniqueIndex("staff_users_email_uq").on(t.email)],
);

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    // SHA-256 of the cookie token: a leaked table does not leak live sessions.
    id: text("id").primaryKey(),
    // Null only for sessions of the old shared password, which no longer validate.
    staffId: integer("staff_id").references(() => staffUsers.id),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt), index("admin_sessions_staff_idx").on(t.staffId)],
);

export const processedProviderEvents = sqliteTable("processed_provider_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: integer("processed_at").notNull(),
});

// Intents whose money went back with nothing delivered: they can never create or pay a booking.
export const spentPaymentIntents = sqliteTable("spent_payment_intents", {
  id: text("id").primaryKey(),
  at: integer("at").notNull(),
});

// Sliding-window counters for rate limits (admin login, "Le Mie Prenotazioni" look-ups).
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    clientKey: text("client_key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("rate_limit_hits_lookup_idx").on(t.bucket, t.clientKey, t.at)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id"),
    // Who did it; the e-mail is copied so the entry reads on its own.
    staffId: integer("staff_id"),
    staffEmail: text("staff_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    at: integer("at").notNull(),
  },
  // Pages newest first by (at, id); each filter of the log's page walks its own index in that order.
  (t) => [
    index("audit_log_at_id_idx").on(t.at, t.id),
    index("audit_log_entity_at_idx").on(t.entity, t.at, t.id),
    index("audit_log_action_at_idx").on(t.action, t.at, t.id),
    index("audit_log_staff_at_idx").on(t.staffEmail, t.at, t.id),
    index("audit_log_entity_id_idx").on(t.entityId),
  ],
);

// After the sale (docs/decisions/018-after-the-sale.md). One row per message to send: written in the
// same D1 batch as the fact it reports (e.g. the booking marked paid), sent by the EMAIL_QUEUE consumer.
export const emailKinds = ["confirmation", "refund", "event_postponed", "notice", "reminder", "waitlist_offer", "waitlist_joined", "season_match_cancelled", "invoice_copy"] as const;
export type EmailKind = (typeof emailKinds)[number];
export const emailStatuses = ["queued", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null only for a message about a waiting-list entry that has no booking yet (kind "waitlist_joined",
    // its entry's token in `data`).
    bookingId: text("booking_id").references(() => bookings.id),
    kind: text("kind", { enum: emailKinds }).notNull(),
    // One message per fact ("confirmation:<booking id>", "refund:<refund id>"): a repeated webhook
    // or a concurrent settle hits the unique index and writes nothing.
    dedupeKey: text("dedupe_key").notNull(),
    // Facts the template needs beyond the booking (e.g. the refunded amount).
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    status: text("status", { enum: emailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    // What was sent, as sent (the admin preview shows this once it exists).
    toAddress: text("to_address"),
    subject: text("subject"),
    html: text("html"),
    // When it was last handed to the queue: rows left queued long after are handed again by the cron.
    enqueuedAt: integer("enqueued_at"),
    sentAt: integer("sent_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
    // Kind "notice": the notice it delivers (its delivered / failed counts are read by this column).
    noticeId: text("notice_id"),
  },
  (t) => [
    uniqueIndex("email_outbox_dedupe_uq").on(t.dedupeKey),
    index("email_outbox_notice_idx").on(t.noticeId, t.status),
    index("email_outbox_booking_idx").on(t.bookingId),
    index("email_outbox_status_idx").on(t.status, t.enqueuedAt),
    index("email_outbox_created_idx").on(t.createdAt),
  ],
);

// "Avvisa i clienti" (docs/decisions/026-notices-and-reminders.md): a message from staff to every live
// booking of an event (optionally some rates), one outbox row per booking. The id is made by the
// server before the batch that writes it, so the rows are written only by the request whose notice won.
export const notices = sqliteTable(
  "notices",
  {
    id: text("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    subjectTranslations: translations("subject_translations"),
    bodyTranslations: translations("body_translations"),
    // null: every rate; else only bookings of these rates.
    rateIds: text("rate_ids", { mode: "json" }).$type<number[]>(),
    idempotencyKey: text("idempotency_key").notNull(),
    staffId: integer("staff_id"),
    staffEmail: text("staff_email"),
    // The bookings it was written to (its outbox rows), fixed when it is sent.
    recipients: integer("recipients").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("notices_idempotency_key_uq").on(t.idempotencyKey), index("notices_event_idx").on(t.eventId, t.createdAt)],
);

// The reminder the day before the event (one row, id 1): when it goes out (Rome time) and when the gate opens.
export const reminderSettings = sqliteTable("reminder_settings", {
  id: integer("id").primaryKey(),
  isEnabled: integer("is_enabled", { mode: "boolean" }).notNull().default(true),
  // "HH:MM", Europe/Rome, on the day before the event.
  sendAt: text("send_at").notNull().default("10:00"),
  gateOpensMinutesBefore: integer("gate_opens_minutes_before").notNull().default(120),
});

// season_match: a season holder's share for one cancelled match (the season's refund policy), refunded from the season's payment.
export const refundSources = ["admin", "customer", "event_cancelled", "provider", "season_match"] as const;
export type RefundSource = (typeof refundSources)[number];

// Each refund of a paid booking, full or partial. The booking's refunded total is the sum of these
// rows; a guard in the insert keeps it at most the amount paid.
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    source: text("source", { enum: refundSources }).notNull(),
    // The provider's refund id (Stripe re_…, demo rf_demo_…) once the provider has it.
    providerRefundId: text("provider_refund_id"),
    // pending: recorded, the provider has not confirmed it (a failed call is retried by the cron);
    // succeeded: the money went back; failed: the provider refused it (failureReason), retried only by staff.
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    failureReason: text("failure_reason"),
    // Provider calls made for this row: each retry after a refusal uses a key of its own.
    attempts: integer("attempts").notNull().default(0),
    // When the money went back (status succeeded).
    completedAt: integer("completed_at"),
    staffId: integer("staff_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("refunds_booking_idx").on(t.bookingId),
    uniqueIndex("refunds_provider_uq").on(t.providerRefundId),
    index("refunds_created_idx").on(t.createdAt),
  ],
);

// Progress of an event's cancellation Workflow, for the admin ("N di M rimborsate", failures, retry).
export const eventCancellations = sqliteTable("event_cancellations", {
  eventId: integer("event_id")
    .primaryKey()
    .references(() => events.id),
  instanceId: text("instance_id").notNull(),
  status: text("status", { enum: ["running", "done"] }).notNull(),
  total: integer("total").notNull().default(0),
  failures: text("failures", { mode: "json" }).$type<{ bookingId: string; error: string }[]>().notNull().default([]),
  startedAt: integer("started_at").notNull(),
  finishedAt: integer("finished_at"),
});

// The waiting list of a sold-out event (docs/decisions/032-waiting-list.md). Its order is the id. An
// offer is a hold (a pending booking, bookingId) made for the entry, so it counts against capacity like
// any hold; the entry's state is read from that booking (shared/lifecycle/waitlist.ts), never stored.
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The visitor's personal link /lista-attesa/<token>: ≥128 random bits, base64url.
    token: text("token").notNull(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    rateId: integer("rate_id")
      .notNull()
      .references(() => rates.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    licensePlate: text("license_plate").notNull(),
    lang: lang(),
    // SHA-256 of the client's IP: caps the entries one client may open per event.
    clientKey: text("client_key"),
    // The hold offered to this entry; one offer per entry (unique), written in the batch that takes the spot.
    bookingId: text("booking_id").references(() => bookings.id),
    offeredAt: integer("offered_at"),
    leftAt: integer("left_at"),
    // The join request's Idempotency-Key: a retry answers this entry, another body with it is refused.
    idempotencyKey: text("idempotency_key"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_token_uq").on(t.token),
    uniqueIndex("waitlist_entries_idempotency_key_uq").on(t.idempotencyKey),
    uniqueIndex("waitlist_entries_booking_uq").on(t.bookingId),
    index("waitlist_entries_event_idx").on(t.eventId, t.bookingId, t.leftAt),
    index("waitlist_entries_email_idx").on(t.email),
    // The admin's page of entries, newest first (id): per event, or by plate. Those still in line come
    // from waitlist_entries_event_idx (an event's) or booking_uq (booking_id is null, in id order).
    index("waitlist_entries_event_id_idx").on(t.eventId, t.id),
    index("waitlist_entries_plate_idx").on(t.licensePlate),
  ],
);

// How long an offer holds its spot (one row, id 1); shorter close to the start (shared/lifecycle/waitlist.ts).
export const waitlistSettings = sqliteTable("waitlist_settings", {
  id: integer("id").primaryKey(),
  offerMinutes: integer("offer_minutes").notNull().default(120),
});

// Season passes (abbonamenti): every event of a category, or a list of events, within a date range.
export const seasonCancelRefunds = ["none", "share"] as const;
export type SeasonCancelRefund = (typeof seasonCancelRefunds)[number];

// When a match can no longer be sold (sold out or already played): the season stops selling, or sells
// without it at a lower price (decision 054).
export const seasonPartialSales = ["stop", "sell"] as const;
export type SeasonPartialSale = (typeof seasonPartialSales)[number];

export const seasonPasses = sqliteTable("season_passes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  nameTranslations: translations("name_translations"),
  // Either a category (its events within the range) or a list of event ids.
  categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
  eventIds: text("event_ids", { mode: "json" }).$type<number[]>(),
  // Instants (epoch ms): an event belongs to the season when it starts within [startsAt, endsAt).
  startsAt: integer("starts_at").notNull(),
  endsAt: integer("ends_at").notNull(),
  priceCents: integer("price_cents").notNull(),
  // How many holders the season may have at once.
  spots: integer("spots").notNull(),
  isOnSale: integer("is_on_sale", { mode: "boolean" }).notNull().default(true),
  // What a holder gets back when one match is cancelled: nothing, or its share of the price paid
  // (paid ÷ matches at purchase, rounded down; the last share takes the remainder). Decision 045.
  cancelRefund: text("cancel_refund", { enum: seasonCancelRefunds }).notNull().default("none"),
  // "sell": sold without the matches that cannot be bought, at partialPriceCents or else the price ×
  // matches left ÷ all matches, rounded down to the cent. "stop": not sold while one is missing.
  partialSale: text("partial_sale", { enum: seasonPartialSales }).notNull().default("stop"),
  partialPriceCents: integer("partial_price_cents"),
  createdAt: createdAt(),
});

export const seasonHolderStatuses = ["pending", "active", "cancelled"] as const;
export type SeasonHolderStatus = (typeof seasonHolderStatuses)[number];

// One holder of a season pass. Sold: a pending holder with a hold like a booking's, active once its
// carrier booking is paid. Assigned by staff (a partner): active at once, for nothing.
export const seasonHolders = sqliteTable(
  "season_holders",
  {
    // crypto.randomUUID(), like a booking id.
    id: text("id").primaryKey(),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasonPasses.id),
    status: text("status", { enum: seasonHolderStatuses }).notNull().default("pending"),
    holdExpiresAt: integer("hold_expires_at").notNull(),
    ...customerColumns(),
    lang: lang(),
    // The booking the holder pays through (its first event's, amount = the season's price); null when assigned.
    carrierBookingId: text("carrier_booking_id"),
    // The holder's one pass (/p/<secret>) for every event of the season, set when it becomes active.
    passSecret: text("pass_secret"),
    assignedByStaffId: integer("assigned_by_staff_id"),
    idempotencyKey: text("idempotency_key"),
    // How many matches the holder got a spot at when buying (or being given) the pass: a cancelled
    // match's share of the money is the price paid divided by this.
    matchesAtPurchase: integer("matches_at_purchase").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("season_holders_pass_secret_uq").on(t.passSecret),
    uniqueIndex("season_holders_idempotency_key_uq").on(t.idempotencyKey),
    index("season_holders_season_idx").on(t.seasonId, t.status),
  ],
);

export const voucherKinds = ["percent", "amount", "free"] as const;
export type VoucherKind = (typeof voucherKinds)[number];

// Codes entered at booking: a discount (percent or cents) or a free spot, with uses, an expiry and events.
export const vouchers = sqliteTable(
  "vouchers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Stored upper-case; typed in any case.
    code: text("code").notNull(),
    kind: text("kind", { enum: voucherKinds }).notNull(),
    // percent: 1–100; amount: cents; free: 0.
    value: integer("value").notNull().default(0),
    maxUses: integer("max_uses").notNull(),
    expiresAt: integer("expires_at").notNull(),
    // null: every event.
    eventIds: text("event_ids", { mode: "json" }).$type<number[]>(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("vouchers_code_uq").on(t.code)],
);

// The garage's fiscal identity (one row, id 1), written by the owner: the seller on every receipt,
// invoice and credit note, copied into each document when it is issued (docs/decisions/047-documents.md).
export const fiscalIdentity = sqliteTable("fiscal_identity", {
  id: integer("id").primaryKey(),
  ragioneSociale: text("ragione_sociale").notNull(),
  partitaIva: text("partita_iva").notNull(),
  codiceFiscale: text("codice_fiscale").notNull(),
  indirizzo: text("indirizzo").notNull(),
  cap: text("cap").notNull(),
  comune: text("comune").notNull(),
  provincia: text("provincia").notNull(),
  regimeFiscale: text("regime_fiscale").notNull().default("RF01"),
  // VAT of parking in basis points (2200 = 22 %); prices are VAT-included.
  vatRateBp: integer("vat_rate_bp").notNull().default(2200),
  invoiceSeries: text("invoice_series").notNull().default("FE"),
  accountantEmail: text("accountant_email").notNull().default(""),
  updatedAt: integer("updated_at"),
});

export const documentKinds = ["receipt", "invoice", "credit_note"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/**
 * Receipts, invoices (fattura elettronica, TD01) and credit notes (TD04). Each row keeps the facts it
 * was issued with (seller, customer, plate, amounts), so the personal-data clean-up of bookings never
 * empties it: the garage keeps them for ten years. Numbers run gap-free per kind and year, each
 * decided inside the one INSERT that writes the row (worker/services/documents/issue.ts).
 */
export const documents = sqliteTable(
  "documents",
  {
    // crypto.randomUUID(): also the key of the receipt's public page.
    id: text("id").primaryKey(),
    kind: text("kind", { enum: documentKinds }).notNull(),
    year: integer("year").notNull(),
    number: integer("number").notNull(),
    series: text("series").notNull().default(""),
    issuedAt: integer("issued_at").notNull(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    // Credit notes: the refund they document and the invoice they correct.
    refundId: text("refund_id"),
    invoiceId: text("invoice_id"),
    totalCents: integer("total_cents").notNull(),
    taxableCents: integer("taxable_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    // What was bought, as it read on the day: event (or season) title, rate, the event's start, the plate.
    itemTitle: text("item_title").notNull(),
    rateName: text("rate_name"),
    eventAt: integer("event_at"),
    plate: text("plate").notNull(),
    bookingKind: text("booking_kind").notNull(),
    voucherCode: text("voucher_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    // The payment: the provider ("stripe" | "demo") and when the money moved.
    paymentProvider: text("payment_provider"),
    paidAt: integer("paid_at"),
    lang: lang(),
    // JSON snapshots: the seller (fiscal_identity as issued) and, for invoices and credit notes, the buyer.
    seller: text("seller", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    buyer: text("buyer", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("documents_number_uq").on(t.kind, t.year, t.number),
    uniqueIndex("documents_receipt_uq").on(t.bookingId).where(sql`kind = 'receipt'`),
    uniqueIndex("documents_invoice_uq").on(t.bookingId).where(sql`kind = 'invoice'`),
    uniqueIndex("documents_credit_note_uq").on(t.refundId).where(sql`kind = 'credit_note'`),
    index("documents_issued_idx").on(t.issuedAt),
    index("documents_booking_idx").on(t.bookingId),
  ],
);

export const sdiStatuses = ["queued", "sending", "sent", "delivered", "discarded"] as const;
export type SdiStatus = (typeof sdiStatuses)[number];

/**
 * Each sending of an invoice or credit note to SdI through the intermediary (docs/decisions/055-sdi-sending.md):
 * the file exactly as sent (a discarded one stays as history), one row per attempt. A document without
 * a row is "da inviare"; its state is its latest attempt's. A new attempt exists only after a discard.
 */
export const sdiSubmissions = sqliteTable(
  "sdi_submissions",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    // 1, 2, …: the file's ProgressivoInvio carries it from the second on (SdI refuses a file name twice).
    attempt: integer("attempt").notNull(),
    fileName: text("file_name").notNull(),
    xml: text("xml").notNull(),
    status: text("status", { enum: sdiStatuses }).notNull().default("queued"),
    // The intermediary's id of the file, once it took it.
    transmissionId: text("transmission_id"),
    // SdI's reason for a discard (notifica di scarto).
    reason: text("reason"),
    // Hand-overs to the queue and send tries; the last failure (network, intermediary down).
    tries: integer("tries").notNull().default(0),
    lastError: text("last_error"),
    enqueuedAt: integer("enqueued_at"),
    sentAt: integer("sent_at"),
    outcomeAt: integer("outcome_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("sdi_submissions_attempt_uq").on(t.documentId, t.attempt), index("sdi_submissions_status_idx").on(t.status)],
);

// The month's export sent to the accountant by the cron (one row per month: claimed, then sent once).
export const accountantExports = sqliteTable("accountant_exports", {
  // "YYYY-MM" (Rome calendar).
  month: text("month").primaryKey(),
  status: text("status", { enum: ["sending", "sent", "failed"] }).notNull(),
  claimedAt: integer("claimed_at").notNull(),
  sentAt: integer("sent_at"),
  toAddress: text("to_address"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
});

/**
 * Reference data the Worker reads rarely and never on a hot path, kept out of its script (every cold
 * isolate parses the script): the staff password check's most used passwords (name
 * "common-passwords", one a line, most used first), written by a migration that
 * scripts/common-passwords.mjs generates.
 */
export const referenceTexts = sqliteTable("reference_texts", {
  name: text("name").primaryKey(),
  body: text("body").notNull(),
});

export type Event = typeof events.$inferSelect;
export type Rate = typeof rates.$inferSelect;
export type Booking = typeof bookings.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Partner = typeof partners.$inferSelect;
export type StaffUser = typeof staffUsers.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Notice = typeof notices.$inferSelect;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
export type SeasonPass = typeof seasonPasses.$inferSelect;
export type SeasonHolder = typeof seasonHolders.$inferSelect;
export type Voucher = typeof vouchers.$inferSelect;

// The garage's place on the map (one row, id 1): the wallet passes' `locations`, so a pass surfaces on
// the lock screen as the car nears the garage (issue #46). Kept apart from the garage's fiscal identity
// (issue #41); the migration writes the row.
export const garageCoordinates = sqliteTable("garage_coordinates", {
  id: integer("id").primaryKey(),
  latitude: real("latitude").notNull(),
  longitude: real("longitude").notNull(),
});

// A booking's pass in a phone's wallet (docs/decisions/050-wallet-passes.md): made when Apple's .pkpass
// or Google's save link is first asked for. `version` grows with every change to what the pass shows;
// `updatedAt` (epoch ms) is Apple's Last-Modified and its passesUpdatedSince tag.
export const walletPasses = sqliteTable(
  "wallet_passes",
  {
    // Random, 128 bits: the pass's serial number at Apple and its object id at Google.
    serialNumber: text("serial_number").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    // Apple's "ApplePass <token>" for the web service calls of this pass.
    authToken: text("auth_token").notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: integer("updated_at").notNull(),
    appleIssuedAt: integer("apple_issued_at"),
    googleIssuedAt: integer("google_issued_at"),
    // What the pass showed at its last version (JSON of its facts, wallet-passes.ts shownSql): a change
    // is one only when this differs, so a path that runs twice notifies once (decision 058). Null: unknown.
    shown: text("shown"),
  },
  (t) => [uniqueIndex("wallet_passes_booking_uq").on(t.bookingId)],
);

// An Apple device that holds a pass and asked to be told of its changes.
export const walletRegistrations = sqliteTable(
  "wallet_registrations",
  {
    deviceLibraryId: text("device_library_id").notNull(),
    serialNumber: text("serial_number")
      .notNull()
      .references(() => walletPasses.serialNumber),
    pushToken: text("push_token").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("wallet_registrations_uq").on(t.deviceLibraryId, t.serialNumber), index("wallet_registrations_serial_idx").on(t.serialNumber)],
);

export const walletUpdateStatuses = ["queued", "sending", "sent", "failed"] as const;

// One row per change of a wallet pass (serial, version): the cron sends it once to Apple's devices and Google.
export const walletUpdates = sqliteTable(
  "wallet_updates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    serialNumber: text("serial_number").notNull(),
    version: integer("version").notNull(),
    status: text("status", { enum: walletUpdateStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    claimedAt: integer("claimed_at"),
    sentAt: integer("sent_at"),
  },
  (t) => [uniqueIndex("wallet_updates_change_uq").on(t.serialNumber, t.version), index("wallet_updates_status_idx").on(t.status, t.claimedAt)],
);

// What the local stand-ins of Apple's push service and the Google Wallet API received (DEMO_MODE only).
export const walletStandInDeliveries = sqliteTable("wallet_stand_in_deliveries", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  channel: text("channel", { enum: ["apple_push", "google_object"] }).notNull(),
  // The device's push token, or the Google object id.
  target: text("target").notNull(),
  body: text("body").notNull(),
  createdAt: integer("created_at").notNull(),
});
export type FiscalIdentity = typeof fiscalIdentity.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type SdiSubmissionRow = typeof sdiSubmissions.$inferSelect;
