import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env";
import { createDb } from "./db";
import { AppError, errorBody } from "./lib/errors";
import { writeGuard } from "./middleware/write-guard";
import { adminAudit } from "./routes/admin-audit";
import { adminAuth } from "./routes/admin-auth";
import { adminBookings } from "./routes/admin-bookings";
import { adminEvents } from "./routes/admin-events";
import { adminPayments } from "./routes/admin-payments";
import { bookings } from "./routes/bookings";
import { carouselSettings } from "./routes/carousel-settings";
import { categories } from "./routes/categories";
import { events } from "./routes/events";
import { liveActivity } from "./routes/live-activity";
import { liveNotifications } from "./routes/live-notifications";
import { myBookings } from "./routes/my-bookings";
import { objects } from "./routes/objects";
import { partners } from "./routes/partners";
import { payments } from "./routes/payments";
import { presales } from "./routes/presales";
import { stats } from "./routes/stats";
import { stripeWebhook } from "./routes/stripe-webhook";
import { uploadRoutes } from "./routes/uploads";

const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];

export const app = new Hono<AppEnv>()
  .use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE_SCRIPTS],
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
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  )
  .use(async (c, next) => {
    c.set("db", createDb(c.env.DB));
    await next();
    // wrangler dev loses the NEXT request when a response goes out before the request body was
    // read (e.g. an early 401 on an upload), so read whatever is left before answering.
    const raw = c.req.raw;
    if (raw.body && !raw.bodyUsed) await raw.arrayBuffer().catch(() => undefined);
  })
  .use("/api/*", writeGuard)
  .route("/api/admin", adminAuth)
  .route("/api/admin/audit", adminAudit)
  .route("/api", uploadRoutes)
  .route("/api", adminEvents)
  .route("/api", adminBookings)
  .route("/api/admin", adminPayments)
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
  .route("/api/stripe/webhook", stripeWebhook)
  .route("/api", payments)
  .route("/objects", objects);

app.notFound((c) => c.json(errorBody("not_found", "Risorsa non trovata"), 404));

app.onError((err, c) => {
  if (err instanceof AppError) return c.json(err.toBody(), err.status);
  // Log the kind of failure only: messages can carry personal data from queries.
  console.error(`unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err.name}`);
  return c.json(errorBody("internal", "Si è verificato un errore interno. Riprova più tardi."), 500);
});

export type AppType = typeof app;
