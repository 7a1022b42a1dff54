import { Hono } from "hono";
import { answer } from "../lib/answer";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import {
  createUploadUrl,
  findUpload,
  normaliseImagePath,
  storeUpload,
  UPLOAD_RULES,
  verifyUploadUrl,
  type UploadKind,
} from "../services/uploads";
import { messages } from "../i18n/it";

const uploadRequest = z
  .object({
    kind: z.enum(["event", "partner"], { error: messages.invalidUploadKind }),
    contentType: z.string({ error: messages.fileTypeMissing }),
    size: z.number({ error: messages.fileSizeMissing }).int(messages.invalidFileSize).positive(messages.fileEmpty),
  })
  .superRefine((v, ctx) => {
    const rules = UPLOAD_RULES[v.kind as UploadKind];
    if (!rules.types.includes(v.contentType.toLowerCase())) ctx.addIssue({ code: "custom", path: ["contentType"], message: rules.badType });
    else if (v.size > rules.maxBytes) ctx.addIssue({ code: "custom", path: ["size"], message: rules.tooLarge });
  })
  .transform((v) => ({ ...v, contentType: v.contentType.toLowerCase() }));

const fileParam = z.object({ file: z.string() });
const signedQuery = z.object({
  kind: z.string().optional(),
  type: z.string().optional(),
  size: z.string().optional(),
  exp: z.string().optional(),
  sig: z.string().optional(),
});
const eventImageBody = z.object({ imageURL: z.string({ error: messages.imageUrlMissing }).max(2000, messages.invalidImageUrl) });

export const uploadRoutes = new Hono<AppEnv>()
  .post("/objects/upload", requireAdmin, audited("upload.grant"), validate("json", uploadRequest), async (c) => {
    const { uploadURL } = await createUploadUrl(c.env.UPLOAD_SIGNING_KEY, new URL(c.req.url).origin, c.req.valid("json"), Date.now());
    return c.json({ uploadURL }, 200);
  })
  // No admin cookie here: the HMAC signature made for an admin is the authorisation.
  .put("/uploads/:file", validate("param", fileParam), validate("query", signedQuery), async (c) => {
    const now = Date.now();
    const verdict = await verifyUploadUrl(c.env.UPLOAD_SIGNING_KEY, c.req.valid("param").file, c.req.valid("query"), now);
    if (!verdict.ok) return answer(c, verdict);
    const grant = verdict.value;
    const rules = UPLOAD_RULES[grant.kind];
    const contentType = c.req.header("Content-Type")?.split(";")[0].trim().toLowerCase();
    if (contentType !== grant.contentType) return c.json(errorBody("unsupported_media_type", rules.badType), 415);
    const length = Number(c.req.header("Content-Length"));
    if (!Number.isSafeInteger(length) || length <= 0 || !c.req.raw.body) {
      return c.json(errorBody("validation_failed", messages.fileEmptyOrUnknownSize), 400);
    }
    if (length > grant.size || length > rules.maxBytes) return c.json(errorBody("payload_too_large", rules.tooLarge), 413);
    const stored = await storeUpload(c.var.db, c.env.UPLOADS, grant, c.req.raw.body, length, now);
    return answer(c, stored);
  })
  .put("/event-images", requireAdmin, audited("upload.event-image"), validate("json", eventImageBody), async (c) => {
    const objectPath = normaliseImagePath(c.req.valid("json").imageURL);
    if (!objectPath?.startsWith("/objects/uploads/")) return c.json(errorBody("validation_failed", messages.invalidImageUrl), 400);
    if (!(await findUpload(c.var.db, objectPath))) return c.json(errorBody("not_found", messages.imageNotFound), 404);
    return c.json({ objectPath }, 200);
  });
