import { Hono } from "hono";
import { z } from "zod";
import { staffRoles } from "../../db/schema";
import type { AppEnv } from "../app-env";
import { conflict, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireRole } from "../middleware/require-role";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../services/passwords";
import { createStaff, listStaff, updateStaff } from "../services/staff";

const password = z
  .string({ error: "Password obbligatoria" })
  .min(PASSWORD_MIN_LENGTH, `La password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`)
  .max(PASSWORD_MAX_LENGTH, `La password può avere al massimo ${PASSWORD_MAX_LENGTH} caratteri`);
const name = z.string({ error: "Nome obbligatorio" }).trim().min(1, "Nome obbligatorio").max(100, "Il nome può avere al massimo 100 caratteri");
const role = z.enum(staffRoles, { error: "Ruolo non valido" });

const userCreateBody = z.object({
  email: z
    .string({ error: "Indirizzo e-mail non valido" })
    .trim()
    .pipe(z.email({ error: "Indirizzo e-mail non valido" }).max(254, "Indirizzo e-mail non valido")),
  name,
  role,
  password,
});

const userUpdateBody = z
  .strictObject(
    { name: name.optional(), role: role.optional(), disabled: z.boolean({ error: "Valore non valido" }).optional(), password: password.optional() },
    { error: "Campo non modificabile" },
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nessuna modifica indicata");

const idParam = z.object({ id: z.coerce.number({ error: "Utente non valido" }).int().positive("Utente non valido") });

const owner = requireRole("owner");

/** Staff accounts: the owner's alone. */
export const adminUsers = new Hono<AppEnv>()
  .get("/", owner, async (c) => c.json(await listStaff(c.var.db), 200))
  .post("/", owner, audited("user.create"), validate("json", userCreateBody), async (c) => {
    const user = await createStaff(c.var.db, c.req.valid("json"), Date.now());
    return user ? c.json(user, 201) : c.json(conflict("Esiste già un utente con questa e-mail"), 409);
  })
  .patch("/:id", owner, audited("user.update"), validate("param", idParam), validate("json", userUpdateBody), async (c) => {
    const result = await updateStaff(c.var.db, c.req.valid("param").id, c.req.valid("json"), Date.now(), c.var.adminSessionId);
    if (result.ok) return c.json(result.staff, 200);
    return result.reason === "not_found"
      ? c.json(notFound("Utente non trovato"), 404)
      : c.json(conflict("Deve restare almeno un titolare attivo"), 409);
  });
