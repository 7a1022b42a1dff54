import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env";
import { errorBody } from "./lib/errors";
import { limitBody } from "./middleware/body-limit";
import { d1Session } from "./middleware/d1-session";
import { writeGuard } from "./middleware/write-guard";
import { adminAudit } from "./routes/admin-audit";
import { adminAuth } from "./routes/admin-auth";
import { adminBookings } from "./routes/admin-bookings";
import { adminEmails } from "./routes/admin-emails";
import { adminEventCancellation } from "./routes/admin-event-cancellation";
import { adminEvents } from "./routes/admin-events";
import { adminNotices } from "./routes/admin-notices";
import { adminSeasons } from "./routes/admin-seasons";
import { seasonPasses, seasons } from "./routes/seasons";
import { adminPayments } from "./routes/admin-payments";
import { adminRefunds } from "./routes/admin-refunds";
import { adminUsers } from "./routes/admin-users";
import { bookings } from "./routes/bookings";
import { carouselSettings } from "./routes/carousel-settings";
import { categories } from "./routes/categories";
import { eventPages } from "./routes/event-pages";
import { events } from "./routes/events";
import { gate } from "./routes/gate";
import { home } from "./routes/home";
import { liveActivity } from "./routes/live-activity";
import { liveNotifications } from "./routes/live-notifications";
import { myBookings } from "./routes/my-bookings";
import { objects } from "./routes/objects";
import { partners } from "./routes/partners";
import { passActions } from "./routes/pass-actions";
import { passes } from "./routes/passes";
import { payments } from "./routes/payments";
import { presales } from "./routes/presales";
import { adminStats, stats } from "./routes/stats";
import { stripeWebhook } from "./routes/stripe-webhook";
import { uploadRoutes } from "./routes/uploads";
import { messages } from "./lib/messages";
import { answerInRequestLanguage } from "./middleware/answer-language";

/** JSON bodies are small; a larger one is refused before it is read (uploads stream under their own limit). */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe's event payloads can be larger than ours, never this large. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const jsonBodyLimit = limitBody(JSON_BODY_LIMIT);
const webhookBodyLimit = limitBody(WEBHOOK_BODY_LIMIT);

const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];

export const app = new Hono<AppEnv>()
  .use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval: the gate's QR reader is WebAssembly (our own .wasm, no eval of scripts).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...STRIPE_SCRIPTS],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https://*.stripe.com"],
        connectSrc: ["'self'", "https://api.stripe.com", "https://*.stripe.com"],
        frameSrc: ["'self'", ...STRIPE_SCRIPTS, "https://hooks.stripe.com"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      // As public/_headers says for the SPA, which the home page (served by the Worker) is part of.
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  )
  .use(d1Session)
  .use("/api/*", answerInRequestLanguage)
  .use(async (c, next) => {
    await next();
    // The local server (`vite preview`, which `npm start` runs) turns an answer sent before the
    // request body was read (e.g. an early 403 on an upload PUT) into a 500 "fetch failed" at its
    // proxy (checked again with wrangler 4.125 / vite-plugin 1.53.1; `wrangler dev` lost the next
    // request instead), so whatever is left is read before answering. Cancelling the body breaks
    // that proxy just the same, so an oversized body refused with 413 is streamed to nowhere.
    const raw = c.req.raw;
    if (raw.body && !raw.bodyUsed && !raw.body.locked) await raw.body.pipeTo(new WritableStream()).catch(() => undefined);
  })
  .use("/api/*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/api/uploads/")) return next();
    return (path === "/api/stripe/webhook" ? webhookBodyLimit : jsonBodyLimit)(c, next);
  })
  // Booking ids, pass secrets, client secrets and sessions travel in API answers: none may be kept
  // by a browser's or a proxy's cache unless its route says otherwise.
  .use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "no-store");
  })
  .use("/api/*", writeGuard)
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
  .route("/api/admin", adminNotices)
  .route("/api/admin", adminSeasons)
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
  .route("/api/passes", passes)
  .route("/api/passes", passActions)
  .route("/api/seasons", seasons)
  .route("/api/season-passes", seasonPasses)
  .route("/api/gate", gate)
  .route("/api/stripe/webhook", stripeWebhook)
  .route("/api", payments)
  .route("/objects", objects)
  .route("/", eventPages)
  .route("/", home);

app.notFound((c) => c.json(errorBody("not_found", messages.resourceNotFound), 404));

app.onError((err, c) => {
  // The JSON validator throws this for a body that does not parse: the client's mistake, not ours.
  if (err instanceof HTTPException && err.status === 400) return c.json(errorBody("invalid_json", messages.invalidJson), 400);
  // Log the kind of failure only: messages can carry personal data from queries.
  console.error(`unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err.name}`);
  return c.json(errorBody("internal", messages.internalError), 500);
});

export type AppType = typeof app;
