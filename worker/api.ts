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
 * else from worker/ (worker/boundary.test.ts).
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
