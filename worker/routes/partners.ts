import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { idParam, validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { createPartner, deletePartner, listPartners } from "../services/settings";
import { findUpload, normaliseImagePath } from "../services/uploads";
import { messages } from "../i18n/it";
import { requiredName } from "../lib/text";
import { translationsInput } from "../lib/translations-input";

const partnerInput = z.object({
  name: requiredName({ field: "partnerName", max: 100, tooLong: messages.partnerNameTooLong, required: messages.partnerNameRequired }),
  nameTranslations: translationsInput({ field: "partnerNameEn", max: 100, strict: true, tooLong: messages.partnerNameTooLong }),
  imageUrl: z
    .string({ error: messages.partnerImageMissing })
    .max(2000, messages.invalidImageUrl)
    .transform((url, ctx) => normaliseImagePath(url) ?? (ctx.addIssue({ code: "custom", message: messages.invalidImageUrl }), z.NEVER)),
  sortOrder: z.number({ error: messages.invalidOrder }).int(messages.invalidOrder).min(0, messages.invalidOrder).optional(),
  isActive: z.boolean({ error: messages.invalidStatus }).optional(),
});

export const partners = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listPartners(c.var.db, { includeInactive: false }), 200))
  .post("/", requireAdmin, audited("partner.create"), validate("json", partnerInput), async (c) => {
    const input = c.req.valid("json");
    if (input.imageUrl.startsWith("/objects/uploads/") && !(await findUpload(c.var.db, input.imageUrl))) {
      return c.json(errorBody("validation_failed", messages.imageNotFoundUploadAgain), 400);
    }
    return c.json(await createPartner(c.var.db, input), 201);
  })
  .delete("/:id", requireAdmin, audited("partner.delete"), validate("param", idParam), async (c) => {
    const gone = await deletePartner(c.var.db, c.req.valid("param").id);
    return gone ? c.body(null, 204) : c.json(errorBody("not_found", messages.partnerNotFound), 404);
  });
