import { Hono } from "hono";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import { Temporal } from "temporal-polyfill";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { italianText, messages } from "../i18n/it";
import { romeDayRange } from "../lib/time";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { requireRole } from "../middleware/require-role";
import { seasonFormSchema, voucherFormSchema } from "../../shared/forms/season-forms";
import { dispatchQueued } from "../services/email/outbox";
import { createPaymentProvider } from "../services/payments/create-provider";
import { refundBooking } from "../services/refunds";
import {
  createSeason,
  listSeasons,
  setSeasonOnSale,
  updateSeason,
  type SeasonInput,
} from "../services/seasons";
import { assignSeason } from "../services/season-purchase";
import {
  holderById,
  holderDtos,
  listHolders,
  refundedMatchesOf,
  releaseMatchForHolder,
  revokeHolder,
} from "../services/season-holders";
import { createVoucher, disableVoucher, listVouchers, updateVoucher, voucherUses } from "../services/vouchers";
import { offerFreedSpotsQuietly } from "../services/waitlist-offers";
import { holderInput } from "./seasons";

/** "2026-08-01", a Naples calendar day: [its start, the end of it). */
const dayRange = (day: string) => romeDayRange(Temporal.PlainDate.from(day));

// The same schemas as the admin's forms (shared/forms/season-forms.ts), with catalogue references.
const seasonInput = seasonFormSchema(messages);
const voucherInput = voucherFormSchema(messages);

const seasonParam = z.object({ id: z.coerce.number({ error: messages.seasonNotFound }).int().positive(messages.seasonNotFound) });
const voucherParam = z.object({ id: z.coerce.number({ error: messages.voucherNotFound }).int().positive(messages.voucherNotFound) });
const holderParam = z.object({ holderId: z.uuid(messages.seasonPassNotFound) });
const releaseInput = z.object({ eventId: z.number(messages.invalidEvent).int(messages.invalidEvent).positive(messages.invalidEvent) });

const seasonOf = (s: z.output<typeof seasonInput>): SeasonInput => ({
  name: s.name,
  nameTranslations: s.nameTranslations,
  categoryId: s.categoryId ?? null,
  eventIds: s.eventIds ?? null,
  startsAt: dayRange(s.from).start,
  endsAt: dayRange(s.to).end,
  priceCents: Math.round(s.price * 100),
  spots: s.spots,
  isOnSale: s.isOnSale ?? true,
  cancelRefund: s.cancelRefund ?? "none",
  partialSale: s.partialSale ?? "stop",
  partialPriceCents: s.partialPrice == null ? null : Math.round(s.partialPrice * 100),
});

// percent: a whole percentage; amount: euros, kept in cents.
const voucherValueOf = (v: { kind: string; value: number }) => (v.kind === "amount" ? Math.round(v.value * 100) : Math.round(v.value));

/** Season passes and vouchers (mounted at /api/admin): the owner defines seasons, staff assign holders and make vouchers. */
export const adminSeasons = new Hono<AppEnv>()
  .get("/seasons", requireAdmin, async (c) => c.json(await listSeasons(c.var.db, Date.now(), { onSaleOnly: false }), 200))
  .post("/seasons", requireRole("owner"), audited("season.create"), validate("json", seasonInput), async (c) => {
    const result = await createSeason(c.var.db, seasonOf(c.req.valid("json")), Date.now());
    return result.ok ? c.json(result.value, 201) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .put("/seasons/:id", requireRole("owner"), audited("season.update"), validate("param", seasonParam), validate("json", seasonInput), async (c) => {
    const result = await updateSeason(c.var.db, c.req.valid("param").id, seasonOf(c.req.valid("json")), Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
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
  // A holder's match handed back by staff: the spot goes back on sale and to the waiting list.
  .post("/season-holders/:holderId/release", requireAdmin, audited("season.release"), validate("param", holderParam), validate("json", releaseInput), async (c) => {
    const { eventId } = c.req.valid("json");
    const result = await releaseMatchForHolder(c.var.db, c.req.valid("param").holderId, eventId, Date.now());
    if (!result.ok) return c.json(result.error, result.status as ClientErrorStatusCode);
    await offerFreedSpotsQuietly(c.var.db, c.env, eventId, Date.now());
    return c.json(result.value, 200);
  })
  // A sold pass is refunded through its carrier (every match to come ends with it); a free one is revoked.
  .post("/season-holders/:holderId/refund", requireAdmin, audited("season.refund"), validate("param", holderParam), async (c) => {
    const db = c.var.db;
    const holder = await holderById(db, c.req.valid("param").holderId);
    if (!holder) return c.json(errorBody("not_found", messages.seasonPassNotFound), 404);
    let eventIds: number[];
    if (holder.assignedByStaffId != null) {
      const revoked = await revokeHolder(db, holder.id, Date.now());
      if (!revoked.ok) return c.json(revoked.error, revoked.status as ClientErrorStatusCode);
      eventIds = revoked.value.eventIds;
    } else {
      if (!holder.carrierBookingId) return c.json(errorBody("conflict", messages.seasonNotRefundable), 409);
      const provider = createPaymentProvider(c.env, db);
      if (!provider) return c.json(errorBody("payments_unavailable", messages.paymentsUnavailable), 503);
      const refunded = await refundBooking(
        db,
        provider,
        { bookingId: holder.carrierBookingId, amountCents: null, reason: italianText(messages.seasonRefundReason), source: "admin", staffId: c.var.staff?.id ?? null },
        Date.now(),
      );
      if (!refunded.ok) return c.json(refunded.error, refunded.status as ClientErrorStatusCode);
      c.executionCtx.waitUntil(dispatchQueued(c.env, db, Date.now()));
      eventIds = await refundedMatchesOf(db, holder.id);
    }
    for (const eventId of new Set(eventIds)) await offerFreedSpotsQuietly(db, c.env, eventId, Date.now());
    const row = (await holderById(db, holder.id))!;
    return c.json((await holderDtos(db, [row], Date.now()))[0], 200);
  })
  .get("/vouchers", requireAdmin, async (c) => c.json(await listVouchers(c.var.db, Date.now()), 200))
  .post("/vouchers", requireAdmin, audited("voucher.create"), validate("json", voucherInput), async (c) => {
    const v = c.req.valid("json");
    const result = await createVoucher(c.var.db, {
      code: v.code,
      kind: v.kind,
      value: voucherValueOf(v),
      maxUses: v.maxUses,
      expiresAt: dayRange(v.expires).end,
      eventIds: v.eventIds ?? null,
      note: v.note ?? "",
    });
    return result.ok ? c.json(result.value, 201) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  // The code is sent with the rest but stays as it was (uses are counted by code).
  .put("/vouchers/:id", requireAdmin, audited("voucher.update"), validate("param", voucherParam), validate("json", voucherInput), async (c) => {
    const v = c.req.valid("json");
    const result = await updateVoucher(
      c.var.db,
      c.req.valid("param").id,
      { kind: v.kind, value: voucherValueOf(v), maxUses: v.maxUses, expiresAt: dayRange(v.expires).end, eventIds: v.eventIds ?? null, note: v.note ?? "" },
      Date.now(),
    );
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .post("/vouchers/:id/disable", requireAdmin, audited("voucher.disable"), validate("param", voucherParam), async (c) => {
    const result = await disableVoucher(c.var.db, c.req.valid("param").id, Date.now());
    return result.ok ? c.json(result.value, 200) : c.json(result.error, result.status as ClientErrorStatusCode);
  })
  .get("/vouchers/:id/uses", requireAdmin, validate("param", voucherParam), async (c) => {
    const uses = await voucherUses(c.var.db, c.req.valid("param").id, Date.now());
    return uses ? c.json(uses, 200) : c.json(errorBody("not_found", messages.voucherNotFound), 404);
  });
