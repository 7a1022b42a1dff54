import { Hono } from "hono";
import { answer } from "../lib/answer";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { messages } from "../i18n/it";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { requireRole } from "../middleware/require-role";
import { getFiscalIdentity, saveFiscalIdentity } from "../services/documents/issue";
import { adminDocumentDto, documentsOfMonth, documentXml, invoicesOf } from "../services/documents/read";
import { monthExport } from "../services/documents/export";
import { sdiMode } from "../services/sdi/intermediary";
import { resendCorrected, sdiStateOf, submissionsOf } from "../services/sdi/submissions";
import { documentParam, fiscalIdentityInput, invoiceRequestInput, monthQuery } from "./documents-input";

const owner = requireRole("owner");

/** The garage's fiscal identity (owner only) and the "Documenti" tab (owner and manager); mounted at /api/admin. */
export const adminDocuments = new Hono<AppEnv>()
  .get("/fiscal-identity", owner, async (c) => c.json({ identity: await getFiscalIdentity(c.var.db) }, 200))
  .put("/fiscal-identity", owner, audited("fiscal_identity.update"), validate("json", fiscalIdentityInput), async (c) => {
    const { vatRate, ...rest } = c.req.valid("json");
    return c.json({ identity: await saveFiscalIdentity(c.var.db, { ...rest, vatRateBp: vatRate }, Date.now()) }, 200);
  })
  .get("/documents", requireAdmin, validate("query", monthQuery), async (c) => {
    const rows = await documentsOfMonth(c.var.db, c.req.valid("query").month);
    const missing = [...new Set(rows.map((r) => r.invoiceId).filter((id): id is string => !!id && !rows.some((r) => r.id === id)))];
    const all = [...rows, ...(await invoicesOf(c.var.db, missing))];
    const submissions = await submissionsOf(c.var.db, rows.filter((r) => r.kind !== "receipt").map((r) => r.id));
    // "live": an intermediary sends; "demo": the local stand-in; "off": invoices stay da inviare, the owner downloads the XML.
    return c.json({ documents: rows.map((r) => adminDocumentDto(r, all, submissions)), sdiMode: sdiMode(c.env) }, 200);
  })
  // A document SdI discarded, corrected (the customer's data) and sent again under its number and date.
  .post("/documents/:id/resend", requireAdmin, audited("document.sdi_resend"), validate("param", documentParam), validate("json", invoiceRequestInput), async (c) => {
    const id = c.req.valid("param").id;
    const result = await resendCorrected(c.var.db, c.env, id, c.req.valid("json").buyer, Date.now());
    if (!result.ok) return answer(c, result);
    return c.json({ sdi: sdiStateOf((await submissionsOf(c.var.db, [id])).get(id) ?? []) }, 200);
  })
  .get("/documents/export", requireAdmin, validate("query", monthQuery), async (c) => {
    const { fileName, bytes } = await monthExport(c.var.db, c.req.valid("query").month);
    c.header("Content-Disposition", `attachment; filename="${fileName}"`);
    return c.body(bytes, 200, { "Content-Type": "application/zip" });
  })
  .get("/documents/:id/xml", requireAdmin, validate("param", documentParam), async (c) => {
    const file = await documentXml(c.var.db, c.req.valid("param").id);
    if (!file) return c.json(errorBody("not_found", messages.documentNotFound), 404);
    c.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
    return c.body(file.xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
