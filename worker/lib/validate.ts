import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z, type ZodType } from "zod";
import { errorBody } from "./errors";
import { messages } from "./messages";

/**
 * zod's own messages are English; every message a person can read is Italian. Schemas set their
 * own messages where it matters; this covers whatever a schema left to zod's default.
 */
z.config({
  customError: (issue) => {
    const limit = Number((issue as { maximum?: unknown; minimum?: unknown }).maximum ?? (issue as { minimum?: unknown }).minimum);
    const isText = (issue as { origin?: unknown }).origin === "string";
    if (issue.code === "too_big") return isText ? messages.textTooLong(limit) : messages.valueTooBig(limit);
    if (issue.code === "too_small") return isText ? messages.textTooShort(limit) : messages.valueTooSmall(limit);
    return messages.invalidData;
  },
});

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
      return c.json(errorBody("validation_failed", message ?? (first ?? messages.invalidData), issues), 400);
    }
  });
}
