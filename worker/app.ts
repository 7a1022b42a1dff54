import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./app-env";
import { errorBody } from "./lib/errors";
import { limitBody } from "./middleware/body-limit";
import { d1Session } from "./middleware/d1-session";
import { writeGuard } from "./middleware/write-guard";
import { markLanding } from "./middleware/mark-landing";
import { eventPages } from "./routes/event-pages";
import { home } from "./routes/home";
import { objects } from "./routes/objects";
import { api } from "./api";
import { messages } from "./i18n/it";
import { answerInRequestLanguage } from "./middleware/answer-language";

/** JSON bodies are small; a larger one is refused before it is read (uploads stream under their own limit). */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe's event payloads can be larger than ours, never this large. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const jsonBodyLimit = limitBody(JSON_BODY_LIMIT);
const webhookBodyLimit = limitBody(WEBHOOK_BODY_LIMIT);

const STRIPE_SCRIPTS = ["https://js.stripe.com", "https://*.js.stripe.com"];

export const app = new Hono<AppEnv>()
  // After secureHeaders has written the CSP: a page that inlines the boot script allows it by its hash.
  .use(async (c, next) => {
    await next();
    const inline = c.get("inlineScript");
    const csp = c.res.headers.get("Content-Security-Policy");
    if (inline && csp) c.res.headers.set("Content-Security-Policy", csp.replace("script-src ", `script-src ${inline} `));
  })
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
  .use("*", answerInRequestLanguage)
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
  .use("/", markLanding)
  .use("/eventi/*", markLanding)
  .route("/", api)
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

