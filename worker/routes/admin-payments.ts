import { Hono } from "hono";
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { validate } from "../lib/validate";
import { requireAdmin } from "../middleware/require-admin";
import { listPayments, paymentsCsv, paymentsSummary } from "../services/payments-report";
import { messages } from "../i18n/it";

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

/** Payments tab: real figures from paid bookings, days in Europe/Rome (mounted at /api/admin). */
export const adminPayments = new Hono<AppEnv>()
  .get("/payments", requireAdmin, validate("query", rangeQuery), async (c) => c.json(await listPayments(c.var.db, c.req.valid("query")), 200))
  .get("/payments/summary", requireAdmin, async (c) => c.json(await paymentsSummary(c.var.db, Date.now()), 200))
  .get("/payments.csv", requireAdmin, validate("query", rangeQuery), async (c) => {
    const range = c.req.valid("query");
    const name = ["pagamenti", range.from?.toString(), range.to?.toString()].filter(Boolean).join("_");
    return c.body(paymentsCsv(await listPayments(c.var.db, range)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
    });
  });
