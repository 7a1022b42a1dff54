import { Hono } from "hono";
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { requireAdmin } from "../middleware/require-admin";
import { listPayments, paymentsCsv, paymentsSummary } from "../services/payments-report";
import { messages } from "../i18n/it";
import { romeDayRange } from "../lib/time";
import { searchPayments } from "../services/payments-pages";
import { decodeUuidCursor } from "../lib/page-cursor";

/** An optional Rome calendar day, YYYY-MM-DD (empty: no bound). */
export const day = z
  .string({ error: messages.invalidDate })
  .optional()
  .transform((s, ctx) => {
    if (!s) return undefined; // an empty date input means "no bound"
    try {
      if (!/^\d{4}-\d\d-\d\d$/.test(s)) throw new RangeError();
      return Temporal.PlainDate.from(s, { overflow: "reject" });
    } catch {
      ctx.addIssue({ code: "custom", message: messages.invalidDate });
      return z.NEVER;
    }
  });

const rangeQuery = z
  .object({ from: day, to: day })
  .refine((r) => !r.from || !r.to || Temporal.PlainDate.compare(r.from, r.to) <= 0, messages.invalidDateRange);

const pageLimit = z.coerce.number({ error: messages.invalidLimit }).int(messages.invalidLimit).min(1, messages.invalidLimit).max(200, messages.invalidLimit).default(50);

/** A page's cursor as the answer gave it, read by `decode` (400 when it cannot be read). */
export const cursorOf = <T>(decode: (raw: string) => T | null) =>
  z
    .string({ error: messages.invalidCursor })
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const cursor = decode(s);
      if (cursor === null) {
        ctx.addIssue({ code: "custom", message: messages.invalidCursor });
        return z.NEVER;
      }
      return cursor;
    });

export const pageLimitOf = () => pageLimit;

/** GET /api/admin/payments/page: the tab's list a page at a time (docs/decisions/063-server-pages.md). */
const pageQuery = z
  .object({
    q: z.string({ error: messages.invalidSearch }).max(100, messages.invalidSearch).optional(),
    eventId: z.coerce.number({ error: messages.invalidEvent }).int(messages.invalidEvent).positive(messages.invalidEvent).optional(),
    from: day,
    to: day,
    cursor: cursorOf(decodeUuidCursor),
    limit: pageLimit,
  })
  .refine((r) => !r.from || !r.to || Temporal.PlainDate.compare(r.from, r.to) <= 0, messages.invalidDateRange);

/** Payments tab: real figures from paid bookings, days in Europe/Rome (mounted at /api/admin). */
export const adminPayments = new Hono<AppEnv>()
  .get("/payments", requireAdmin, validate("query", rangeQuery), async (c) => c.json(await listPayments(c.var.db, c.req.valid("query")), 200))
  .get("/payments/page", requireAdmin, validate("query", pageQuery), async (c) => {
    const { from, to, ...search } = c.req.valid("query");
    return c.json(await searchPayments(c.var.db, { ...search, from: from ? romeDayRange(from).start : undefined, to: to ? romeDayRange(to).end : undefined }), 200);
  })
  .get("/payments/summary", requireAdmin, async (c) => c.json(await paymentsSummary(c.var.db, Date.now()), 200))
  .get("/payments.csv", requireAdmin, validate("query", rangeQuery), async (c) => {
    const range = c.req.valid("query");
    const name = ["pagamenti", range.from?.toString(), range.to?.toString()].filter(Boolean).join("_");
    return c.body(paymentsCsv(await listPayments(c.var.db, range)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
    });
  });
