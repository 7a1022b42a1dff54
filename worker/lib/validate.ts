import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { invalid } from "./errors";

export const GENERIC_INVALID = "Dati non validi";

/**
 * zod validation at the boundary with the one error shape. The first issue's message (always
 * Italian, set in the schemas) becomes the error message, unless `message` overrides it.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
  message?: string,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({
        path: i.path.map(String).join("."),
        message: i.message,
      }));
      const first = issues[0]?.message;
      return c.json(invalid(message ?? (first && !first.startsWith("Invalid") ? first : GENERIC_INVALID), issues), 400);
    }
  });
}
