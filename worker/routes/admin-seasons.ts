import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { messages } from "../i18n/it";
import { romeDayRange } from "../lib/time";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { requireRole } from "../middleware/require-role";
import { assignSeason, createSeason, listHolders, listSeasons, setSeasonOnSale } from "../services/seasons";
import { createVoucher, listVouchers } from "../services/vouchers";
import { holderInput } from "./seasons";

/** "2026-08-01" (a Rome calendar day): its start, or the end of the day for the range's last day. */
const romeDay = z
  .string(messages.invalidDate)
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.invalidDate)
  .refine((s) => {
    try {
      Temporal.PlainDate.from(s, { overflow: "reject" });
      return true;
    } catch {
      return false;
    }
  }, messages.invalidDate)
  .transform((s) => romeDayRange(Temporal.PlainDate.from(s)));

const euros = z.number(messages.invalidPrice).min(0, messages.invalidPrice).max(100_000, messages.invalidPrice).transform((n) => Math.round(n * 100));
const eventIds = z.array(z.number().int().positive(messages.invalidEvent), messages.invalidData).max(200).nullable().optional();

const seasonInput = z.object({
  name: z.string(messages.requiredFields).trim().min(1, messages.requiredFields).max(120, messages.invalidData),
  nameEn: z.string().trim().max(120, messages.invalidData).nullable().optional().transform((s) => s || null),
  categoryId: z.number(messages.invalidData).int().positive(messages.invalidData).nullable().optional(),
  eventIds,
  from: romeDay,
  to: romeDay,
  price: euros,
  spots: z.number(messages.seasonSpotsInvalid).int(messages.seasonSpotsInvalid).min(1, messages.seasonSpotsInvalid).max(10_000, messages.seasonSpotsInvalid),
  isOnSale: z.boolean(messages.invalidData).optional(),
});

const voucherInput = z.object({
  code: z.string(messages.voucherCodeInvalid).max(40, messages.voucherCodeInvalid),
  kind: z.enum(["percent", "amount", "free"], messages.voucherValueInvalid),
  // percent: a whole percentage; amount: euros.
  value: z.number(messages.voucherValueInvalid).min(0, messages.voucherValueInvalid).max(100_000, messages.voucherValueInvalid),
  maxUses: z.number(messages.invalidData).int(messages.invalidData).min(1, messages.invalidData).max(100_000, messages.invalidData),
  expires: romeDay,
  eventIds,
  note: z.string().trim().max(200, messages.invalidData).optional(),
});

const seasonParam = z.object({ id: z.coerce.number({ error: messages.seasonNotFound }).int().positive(messages.seasonNotFound) });

/** Season passes and vouchers (mounted at /api/admin): the owner defines seasons, staff assign holders and make vouchers. */
export const adminSeasons = new Hono<AppEnv>()
  .get("/seasons", requireAdmin, async (c) => c.json(await listSeasons(c.var.db, Date.now(), { onSaleOnly: false }), 200))
  .post("/seasons", requireRole("owner"), audited("season.create"), validate("json", seasonInput), async (c) => {
    const s = c.req.valid("json");
    const result = await createSeason(
      c.var.db,
      {
        name: s.name,
        nameEn: s.nameEn,
        categoryId: s.categoryId ?? null,
        eventIds: s.eventIds ?? null,
        startsAt: s.from.start,
        endsAt: s.to.end,
        priceCents: s.price,
        spots: s.spots,
        isOnSale: s.isOnSale ?? true,
      },
      Date.now(),
    );
    return result.ok ? c.json(result.value, 201) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .patch("/seasons/:id", requireRole("owner"), audited("season.sale"), validate("param", seasonParam), validate("json", z.object({ isOnSale: z.boolean(messages.invalidData) })), async (c) => {
    const result = await setSeasonOnSale(c.var.db, c.req.valid("param").id, c.req.valid("json").isOnSale, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .get("/seasons/:id/holders", requireAdmin, validate("param", seasonParam), async (c) => {
    const holders = await listHolders(c.var.db, c.req.valid("param").id, Date.now());
    return holders ? c.json(holders, 200) : c.json(errorBody("not_found", messages.seasonNotFound), 404);
  })
  .post("/seasons/:id/holders", requireAdmin, audited("season.assign"), validate("param", seasonParam), validate("json", holderInput), async (c) => {
    const input = c.req.valid("json");
    const result = await assignSeason(c.var.db, c.req.valid("param").id, { ...input, lang: input.lang ?? "it" }, { now: Date.now(), staffId: c.var.staff!.id });
    return result.ok ? c.json(result.value, 201) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .get("/vouchers", requireAdmin, async (c) => c.json(await listVouchers(c.var.db, Date.now()), 200))
  .post("/vouchers", requireAdmin, audited("voucher.create"), validate("json", voucherInput), async (c) => {
    const v = c.req.valid("json");
    const value = v.kind === "amount" ? Math.round(v.value * 100) : Math.round(v.value);
    const result = await createVoucher(c.var.db, { code: v.code, kind: v.kind, value, maxUses: v.maxUses, expiresAt: v.expires.end, eventIds: v.eventIds ?? null, note: v.note ?? "" });
    return result.ok ? c.json(result.value, 201) : c.json(result.error, result.status as ClientErrorStatusCode);
  });
