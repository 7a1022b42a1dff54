import { Hono } from "hono";
import { answer } from "../lib/answer";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { messages } from "../i18n/it";
import { limitRequestRate } from "../middleware/request-rate";
import { PASS_SECRET_PATTERN } from "../../shared/gate";
import { requestInvoice } from "../services/documents/issue";
import { bookingOfPass, documentsOfBooking, documentView, documentXml, summaryOf } from "../services/documents/read";
import { documentParam, invoiceRequestInput } from "./documents-input";
import { createSdiIntermediary } from "../services/sdi/intermediary";
import { queueUnsentDocuments } from "../services/sdi/submissions";
import { queueInvoiceCopy } from "../services/documents/courtesy-copy";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.passNotFound) });

/** A document's own page (/ricevuta/<id>): the random id is the key; no e-mail address in the answer. */
export const documentsPublic = new Hono<AppEnv>()
  .get("/:id", validate("param", documentParam), async (c) => {
    const view = await documentView(c.var.db, c.req.valid("param").id);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return view ? c.json(view, 200) : c.json(errorBody("not_found", messages.documentNotFound), 404);
  })
  .get("/:id/xml", validate("param", documentParam), async (c) => {
    const file = await documentXml(c.var.db, c.req.valid("param").id);
    if (!file) return c.json(errorBody("not_found", messages.documentNotFound), 404);
    c.header("Cache-Control", "no-store");
    c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
    return c.body(file.xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });

/** The documents of a pass's payment and "Richiedi fattura" (mounted at /api/passes beside the pass itself). */
export const passDocuments = new Hono<AppEnv>()
  .get("/:secret/documents", validate("param", secretParam), async (c) => {
    const booking = await bookingOfPass(c.var.db, c.req.valid("param").secret);
    if (!booking) return c.json(errorBody("not_found", messages.passNotFound), 404);
    c.header("Cache-Control", "no-store");
    return c.json(await documentsOfBooking(c.var.db, booking), 200);
  })
  .post("/:secret/invoice", limitRequestRate, validate("param", secretParam), validate("json", invoiceRequestInput), async (c) => {
    const booking = await bookingOfPass(c.var.db, c.req.valid("param").secret);
    if (!booking) return c.json(errorBody("not_found", messages.passNotFound), 404);
    const result = await requestInvoice(c.var.db, booking.id, c.req.valid("json"), Date.now());
    if (!result.ok) return answer(c, result);
    // The new invoice (and any credit notes of earlier refunds) leave for SdI now rather than at the next cron.
    if (!result.value.already) {
      if (createSdiIntermediary(c.env)) c.executionCtx.waitUntil(queueUnsentDocuments(c.var.db, c.env, Date.now()));
      c.executionCtx.waitUntil(queueInvoiceCopy(c.env, c.var.db, result.value.invoice, Date.now()));
    }
    return c.json({ invoice: summaryOf(result.value.invoice), already: result.value.already }, result.value.already ? 200 : 201);
  });
