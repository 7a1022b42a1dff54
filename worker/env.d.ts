declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    UPLOADS: R2Bucket;
    ASSETS: Fetcher;
    BOOKING_HOLD_MINUTES: string;
    PLATE_RETENTION_DAYS: string;
    PERSONAL_DATA_RETENTION_DAYS: string;
    UPLOAD_ORPHAN_HOURS: string;
    HOLDS_PER_CLIENT_PER_EVENT: string;
    HOLDS_PER_CLIENT: string;
    /** Workers Rate Limiting binding: public write requests per client IP. */
    WRITE_RATE_LIMITER: RateLimit;
    /** The first owner account (created by the first login with these credentials). */
    ADMIN_EMAIL?: string;
    ADMIN_PASSWORD?: string;
    UPLOAD_SIGNING_KEY: string;
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    STRIPE_PUBLISHABLE_KEY?: string;
    /** Only for tests and local runs: where the stripe SDK sends its requests (e.g. http://127.0.0.1:12111). */
    STRIPE_API_BASE?: string;
    /** Cloudflare Email Service (simulated locally: messages written to files, their paths logged). */
    EMAIL: SendEmail;
    /** Outbox row ids to send; consumed by this Worker's queue handler (worker/services/email/consumer.ts). */
    EMAIL_QUEUE: Queue<import("./services/email/outbox").EmailJob>;
    CANCEL_EVENT: Workflow<import("./workflows/cancel-event").CancelEventParams>;
    EMAIL_FROM: string;
    EMAIL_FROM_NAME: string;
    EMAIL_REPLY_TO: string;
    PUBLIC_BASE_URL: string;
  }
}
type Env = Cloudflare.Env;
