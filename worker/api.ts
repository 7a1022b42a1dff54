import { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { adminAudit } from "./routes/admin-audit";
import { adminAuth } from "./routes/admin-auth";
import { adminBookings } from "./routes/admin-bookings";
import { adminConfiguration } from "./routes/admin-configuration";
import { adminEmails } from "./routes/admin-emails";
import { adminEventCancellation } from "./routes/admin-event-cancellation";
import { adminEvents } from "./routes/admin-events";
import { adminNotices } from "./routes/admin-notices";
import { adminPayments } from "./routes/admin-payments";
import { adminCharts } from "./routes/admin-charts";
import { adminRefunds } from "./routes/admin-refunds";
import { adminUsers } from "./routes/admin-users";
import { bookings } from "./routes/bookings";
import { carouselSettings } from "./routes/carousel-settings";
import { categories } from "./routes/categories";
import { events } from "./routes/events";
import { gate } from "./routes/gate";
import { liveActivity } from "./routes/live-activity";
import { liveNotifications } from "./routes/live-notifications";
import { myBookings } from "./routes/my-bookings";
import { partners } from "./routes/partners";
import { passActions } from "./routes/pass-actions";
import { passes } from "./routes/passes";
import { payments } from "./routes/payments";
import { presales } from "./routes/presales";
import { adminStats, stats } from "./routes/stats";
import { stripeWebhook } from "./routes/stripe-webhook";
import { uploadRoutes } from "./routes/uploads";
import { wallet } from "./routes/wallet";
import { adminWaitlistRoutes } from "./routes/admin-waitlist";
import { waitlist } from "./routes/waitlist";
import { adminSeasons } from "./routes/admin-seasons";
import { seasonPasses, seasons } from "./routes/seasons";
import { adminDocuments } from "./routes/admin-documents";
import { documentsPublic, passDocuments } from "./routes/documents";

/**
 * The JSON API under /api (worker/app.ts puts the middleware around it): the only part of the Worker
 * the web sees, as types. Web files import `AppType` and the data types below from here and nothing
 * else from worker/ (web/boundary.test.ts).
 */
export const api = new Hono<AppEnv>()
  .route("/api/admin", adminAuth)
  .route("/api/admin/audit", adminAudit)
  .route("/api/admin/users", adminUsers)
  .route("/api", uploadRoutes)
  .route("/api", adminEvents)
  .route("/api", adminBookings)
  .route("/api/admin", adminPayments)
  .route("/api/admin/emails", adminEmails)
  .route("/api/admin", adminRefunds)
  .route("/api/admin/events", adminEventCancellation)
  .route("/api/admin/stats", adminStats)
  .route("/api/admin/charts", adminCharts)
  .route("/api/admin/configuration", adminConfiguration)
  .route("/api/admin", adminNotices)
  .route("/api/admin", adminWaitlistRoutes)
  .route("/api/admin", adminSeasons)
  .route("/api/admin", adminDocuments)
  .route("/api/events", events)
  .route("/api/categories", categories)
  .route("/api/stats", stats)
  .route("/api/partners", partners)
  .route("/api/carousel-settings", carouselSettings)
  .route("/api/live-notifications", liveNotifications)
  .route("/api/live-activity", liveActivity)
  .route("/api/my-bookings", myBookings)
  .route("/api/bookings", bookings)
  .route("/api/presales", presales)
  .route("/api/waitlist", waitlist)
  .route("/api/passes", passes)
  .route("/api/passes", passActions)
  .route("/api/wallet", wallet)
  .route("/api/passes", passDocuments)
  .route("/api/documents", documentsPublic)
  .route("/api/seasons", seasons)
  .route("/api/season-passes", seasonPasses)
  .route("/api/gate", gate)
  .route("/api/stripe/webhook", stripeWebhook)
  .route("/api", payments);

export type AppType = typeof api;
export type { HomeData } from "./services/home";
export type { AdminBookingDto } from "./services/admin-bookings";
export type { ConfigProblem } from "./services/configuration";

/**
 * Every URL of the API in one place, by the sub-app (worker/routes/) that serves it: the mounts above
 * put several sub-apps at /api or /api/admin because the spec's paths share those roots (admin-events
 * serves GET /api/admin/events and POST /api/events). worker/api.test.ts holds it to the app's routes.
 */
export const apiRoutes = {
  adminAuth: ["POST /api/admin/login", "POST /api/admin/logout", "PUT /api/admin/password", "GET /api/admin/session"],
  adminAudit: ["GET /api/admin/audit", "GET /api/admin/audit/page"],
  adminUsers: ["GET /api/admin/users", "POST /api/admin/users", "PATCH /api/admin/users/:id"],
  uploadRoutes: ["POST /api/objects/upload", "PUT /api/uploads/:file", "PUT /api/event-images"],
  adminEvents: [
    "GET /api/admin/events",
    "POST /api/events",
    "PUT /api/events/:id",
    "DELETE /api/events/:id",
    "PUT /api/reorder-events",
    "PUT /api/events/:id/rates/reorder",
    "PUT /api/rates/:id/visibility",
    "PUT /api/rates/:id/payability",
  ],
  adminBookings: ["GET /api/bookings", "GET /api/admin/bookings", "PUT /api/admin/bookings/:id/free"],
  adminPayments: ["GET /api/admin/payments", "GET /api/admin/payments/page", "GET /api/admin/payments/summary", "GET /api/admin/payments.csv"],
  adminEmails: [
    "GET /api/admin/emails",
    "GET /api/admin/emails/backlog",
    "GET /api/admin/emails/:id/preview",
    "POST /api/admin/emails/:id/resend",
    "POST /api/admin/emails/bookings/:id/resend",
  ],
  adminRefunds: ["GET /api/admin/bookings/:id/refunds", "POST /api/admin/bookings/:id/refunds", "POST /api/admin/refunds/:id/retry"],
  adminEventCancellation: [
    "GET /api/admin/events/:id/cancellation",
    "GET /api/admin/events/:id/cancellation/seasons",
    "POST /api/admin/events/:id/cancel",
    "POST /api/admin/events/:id/postpone",
  ],
  adminStats: ["GET /api/admin/stats"],
  adminCharts: [
    "GET /api/admin/charts/takings",
    "GET /api/admin/charts/takings.csv",
    "GET /api/admin/charts/sources",
    "GET /api/admin/charts/sources.csv",
    "GET /api/admin/charts/sell-out",
    "GET /api/admin/charts/sell-out.csv",
    "GET /api/admin/charts/match-day",
    "GET /api/admin/charts/match-day.csv",
  ],
  adminConfiguration: ["GET /api/admin/configuration"],
  adminNotices: [
    "GET /api/admin/events/:id/notices",
    "GET /api/admin/events/:id/notices/audience",
    "POST /api/admin/events/:id/notices",
    "POST /api/admin/notices/:id/retry",
    "GET /api/admin/reminder-settings",
    "PUT /api/admin/reminder-settings",
  ],
  adminWaitlistRoutes: [
    "GET /api/admin/waitlists",
    "GET /api/admin/waitlist-entries",
    "GET /api/admin/events/:id/waitlist",
    "GET /api/admin/waitlist-settings",
    "PUT /api/admin/waitlist-settings",
  ],
  adminSeasons: [
    "GET /api/admin/seasons",
    "POST /api/admin/seasons",
    "PUT /api/admin/seasons/:id",
    "PATCH /api/admin/seasons/:id",
    "GET /api/admin/seasons/:id/holders",
    "POST /api/admin/seasons/:id/holders",
    "POST /api/admin/season-holders/:holderId/release",
    "POST /api/admin/season-holders/:holderId/refund",
    "GET /api/admin/vouchers",
    "POST /api/admin/vouchers",
    "PUT /api/admin/vouchers/:id",
    "POST /api/admin/vouchers/:id/disable",
    "GET /api/admin/vouchers/:id/uses",
  ],
  adminDocuments: [
    "GET /api/admin/fiscal-identity",
    "PUT /api/admin/fiscal-identity",
    "GET /api/admin/documents",
    "POST /api/admin/documents/:id/resend",
    "GET /api/admin/documents/export",
    "GET /api/admin/documents/:id/xml",
  ],
  events: ["GET /api/events", "GET /api/events/:id/rates"],
  categories: ["GET /api/categories", "POST /api/categories", "PUT /api/categories/:id", "DELETE /api/categories/:id"],
  stats: ["GET /api/stats"],
  partners: ["GET /api/partners", "POST /api/partners", "DELETE /api/partners/:id"],
  carouselSettings: ["GET /api/carousel-settings", "PUT /api/carousel-settings"],
  liveNotifications: ["GET /api/live-notifications/config", "PUT /api/live-notifications/config"],
  liveActivity: ["GET /api/live-activity"],
  myBookings: ["POST /api/my-bookings/lookup"],
  bookings: ["POST /api/bookings", "GET /api/bookings/:id"],
  presales: ["POST /api/presales"],
  waitlist: ["POST /api/waitlist", "GET /api/waitlist/:token", "POST /api/waitlist/:token/take", "POST /api/waitlist/:token/leave"],
  passes: ["GET /api/passes/:secret"],
  passActions: ["GET /api/passes/:secret/cancellation", "POST /api/passes/:secret/cancel", "PUT /api/passes/:secret/plate"],
  wallet: [
    "POST /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial",
    "DELETE /api/wallet/apple/v1/devices/:device/registrations/:passTypeId/:serial",
    "GET /api/wallet/apple/v1/devices/:device/registrations/:passTypeId",
    "GET /api/wallet/apple/v1/passes/:passTypeId/:serial",
    "POST /api/wallet/apple/v1/log",
    "GET /api/wallet/offered",
    "GET /api/wallet/:secret/apple.pkpass",
    "GET /api/wallet/:secret/google",
  ],
  passDocuments: ["GET /api/passes/:secret/documents", "POST /api/passes/:secret/invoice"],
  documentsPublic: ["GET /api/documents/:id", "GET /api/documents/:id/xml"],
  seasons: ["GET /api/seasons", "GET /api/seasons/:id", "POST /api/seasons/:id/holders"],
  seasonPasses: ["GET /api/season-passes/:secret", "POST /api/season-passes/:secret/release"],
  gate: [
    "GET /api/gate/events",
    "GET /api/gate/events/:id/summary",
    "GET /api/gate/events/:id/passes",
    "GET /api/gate/events/:id/overstays",
    "POST /api/gate/scan",
  ],
  stripeWebhook: ["POST /api/stripe/webhook"],
  payments: ["POST /api/create-payment-intent", "POST /api/confirm-payment", "POST /api/demo/confirm"],
} as const;
