import type { InputHTMLAttributes } from "react";
import { Field, inputClass } from "../../../components/field";

/** A labelled password input: sign-in, one's own change, a new account, a reset. */
export function PasswordField({
  id,
  label,
  hint,
  value,
  onChange,
  ...input
}: { id: string; label: string; hint?: string; value: string; onChange: (value: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "autoComplete" | "minLength" | "autoFocus" | "aria-invalid" | "aria-describedby"
>) {
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <input id={id} type="password" required className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </Field>
  );
}
