import { Hono } from "hono";
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { messages } from "../i18n/it";
import { requireAdmin } from "../middleware/require-admin";
import { matchDay, matchDayCsv, sellOut, sellOutCsv, sources, sourcesCsv, takings, takingsCsv } from "../services/charts";
import { day } from "./admin-payments";

const takingsQuery = z
  .object({ from: day, to: day, by: z.enum(["day", "week", "month"], { error: messages.invalidPeriod }).default("day") })
  .refine((r) => !r.from || !r.to || Temporal.PlainDate.compare(r.from, r.to) <= 0, messages.invalidDateRange);
const rangeQuery = z
  .object({ from: day, to: day })
  .refine((r) => !r.from || !r.to || Temporal.PlainDate.compare(r.from, r.to) <= 0, messages.invalidDateRange);
const eventQuery = z.object({ eventId: z.coerce.number({ error: messages.invalidEvent }).int().positive(messages.invalidEvent) });

const csvFile = (name: string) => ({ "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}.csv"` });

/** The owner's charts, each with its CSV (mounted at /api/admin/charts). Owner and manager. */
export const adminCharts = new Hono<AppEnv>()
  .get("/takings", requireAdmin, validate("query", takingsQuery), async (c) => {
    const { by, ...range } = c.req.valid("query");
    return c.json(await takings(c.var.db, range, by), 200);
  })
  .get("/takings.csv", requireAdmin, validate("query", takingsQuery), async (c) => {
    const { by, ...range } = c.req.valid("query");
    return c.body(takingsCsv(await takings(c.var.db, range, by)), 200, csvFile(["incassi", by, range.from?.toString(), range.to?.toString()].filter(Boolean).join("_")));
  })
  .get("/sources", requireAdmin, validate("query", rangeQuery), async (c) => c.json(await sources(c.var.db, c.req.valid("query")), 200))
  .get("/sources.csv", requireAdmin, validate("query", rangeQuery), async (c) => {
    const range = c.req.valid("query");
    return c.body(sourcesCsv(await sources(c.var.db, range)), 200, csvFile(["provenienza", range.from?.toString(), range.to?.toString()].filter(Boolean).join("_")));
  })
  .get("/sell-out", requireAdmin, validate("query", eventQuery), async (c) => {
    const curves = await sellOut(c.var.db, c.req.valid("query").eventId, Date.now());
    return curves ? c.json(curves, 200) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  })
  .get("/sell-out.csv", requireAdmin, validate("query", eventQuery), async (c) => {
    const curves = await sellOut(c.var.db, c.req.valid("query").eventId, Date.now());
    return curves ? c.body(sellOutCsv(curves), 200, csvFile(`vendite_evento_${curves.event.id}`)) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  })
  .get("/match-day", requireAdmin, validate("query", eventQuery), async (c) => {
    const figures = await matchDay(c.var.db, c.req.valid("query").eventId, Date.now());
    return figures ? c.json(figures, 200) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  })
  .get("/match-day.csv", requireAdmin, validate("query", eventQuery), async (c) => {
    const figures = await matchDay(c.var.db, c.req.valid("query").eventId, Date.now());
    return figures ? c.body(matchDayCsv(figures), 200, csvFile(`ingressi_evento_${figures.event.id}`)) : c.json(errorBody("not_found", messages.eventNotFound), 404);
  });
