import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { idParam, validate } from "../lib/validate";
import { audited } from "../middleware/audit";
import { requireAdmin } from "../middleware/require-admin";
import { createCategory, deleteCategory, listCategories, updateCategory } from "../services/categories";
import { messages } from "../i18n/it";
import { requiredName } from "../lib/text";
import { translationsText } from "../lib/translations-input";
import { CATEGORY_NAME_MAX, categoryFields } from "../../shared/forms/admin-forms";

// The staff screen's rules (shared/forms/admin-forms.ts) in the Worker's words, then the one text rule on the names.
const fields = categoryFields(messages);
const categoryInput = z.object({
  name: z.pipe(fields.name, requiredName({ field: "categoryName", max: CATEGORY_NAME_MAX, tooLong: messages.categoryNameTooLong, required: messages.categoryNameRequired })),
  // The name in other languages: a blank one is not written (its visitors read English, else the Italian).
  nameTranslations: z.pipe(fields.nameTranslations, translationsText({ field: "categoryNameEn", max: CATEGORY_NAME_MAX, strict: true, tooLong: messages.categoryNameTooLong })),
  color: fields.color,
});

export const categories = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await listCategories(c.var.db), 200))
  .post("/", requireAdmin, audited("category.create"), validate("json", categoryInput), async (c) =>
    c.json(await createCategory(c.var.db, c.req.valid("json")), 201),
  )
  .put("/:id", requireAdmin, audited("category.update"), validate("param", idParam), validate("json", categoryInput), async (c) => {
    const category = await updateCategory(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return category ? c.json(category, 200) : c.json(errorBody("not_found", messages.categoryNotFound), 404);
  })
  .delete("/:id", requireAdmin, audited("category.delete"), validate("param", idParam), async (c) => {
    const gone = await deleteCategory(c.var.db, c.req.valid("param").id);
    return gone ? c.body(null, 204) : c.json(errorBody("not_found", messages.categoryNotFound), 404);
  });
