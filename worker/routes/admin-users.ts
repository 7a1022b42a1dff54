import { Hono } from "hono";
import { answer } from "../lib/answer";
import { z } from "zod";
import { staffRoles } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { adminFormWords, validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireRole } from "../middleware/require-role";
import { STAFF_NAME_MAX, staffFields } from "../../shared/forms/admin-forms";
import { weakPasswordMessage } from "../services/password-strength";
import { createStaff, listStaff, updateStaff } from "../services/staff";
import { messages } from "../i18n/it";
import { requiredName } from "../lib/text";

// The staff screen's rules (shared/forms/admin-forms.ts) in the Worker's words, then the one text rule on the name.
const fields = staffFields(adminFormWords);
const password = fields.password;
const name = z.pipe(fields.name, requiredName({ field: "name", max: STAFF_NAME_MAX, tooLong: messages.staffNameTooLong, required: messages.nameRequired }));
const role = z.enum(staffRoles, { error: messages.invalidRole });

const userCreateBody = z.object({ email: fields.email, name, role, password });

const userUpdateBody = z
  .strictObject(
    { name: name.optional(), role: role.optional(), disabled: z.boolean({ error: messages.invalidValue }).optional(), password: z.optional(password) },
    { error: messages.fieldNotEditable },
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), messages.noChanges);

const idParam = z.object({ id: z.coerce.number({ error: messages.invalidUser }).int().positive(messages.invalidUser) });

const owner = requireRole("owner");

/** Staff accounts: the owner's alone. */
export const adminUsers = new Hono<AppEnv>()
  .get("/", owner, async (c) => c.json(await listStaff(c.var.db), 200))
  .post("/", owner, audited("user.create"), validate("json", userCreateBody), async (c) => {
    const input = c.req.valid("json");
    const weak = await weakPasswordMessage(c.var.db, input.password, [input.email, input.name]);
    if (weak) return c.json(errorBody("validation_failed", weak, [{ path: "password", message: weak }]), 400);
    const user = await createStaff(c.var.db, input, Date.now());
    return user ? c.json(user, 201) : c.json(errorBody("conflict", messages.userExists), 409);
  })
  .patch("/:id", owner, audited("user.update"), validate("param", idParam), validate("json", userUpdateBody), async (c) => {
    const change = c.req.valid("json");
    if (change.password !== undefined) {
      const user = (await listStaff(c.var.db)).find((u) => u.id === c.req.valid("param").id);
      const weak = await weakPasswordMessage(c.var.db, change.password, user ? [user.email, user.name, change.name ?? ""] : []);
      if (weak) return c.json(errorBody("validation_failed", weak, [{ path: "password", message: weak }]), 400);
    }
    const result = await updateStaff(c.var.db, c.req.valid("param").id, change, Date.now(), c.var.adminSessionId);
    return answer(c, result);
  });
