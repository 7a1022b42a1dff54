import { useState } from "react";
import type * as z from "zod/mini";
import { notify } from "../../../components/notify";
import { firstProblem } from "../../../../shared/forms/admin-forms";

/**
 * A form's client check with the server's own schema (shared/forms): `check` says whether the values may be
 * sent and keeps the problem's words to show; a refused form clears the last failure of `mutation`.
 */
export function useFormCheck(mutation: { reset: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const check = (schema: z.ZodMiniType, values: unknown) => {
    const refused = firstProblem(schema, values);
    setProblem(refused?.message ?? null);
    if (refused) mutation.reset();
    return refused === null;
  };
  return { problem, check };
}

/** A dialog's save that went through: say so, then close. */
export const closeWith = (message: string, onClose: () => void) => ({
  onSuccess: () => {
    notify.success(message);
    onClose();
  },
});
