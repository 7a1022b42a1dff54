import { useId, type InputHTMLAttributes, type ReactNode } from "react";

/** The look of every text input, select and textarea. */
export const inputClass =
  "block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-600 aria-invalid:ring-2 aria-invalid:ring-red-500 disabled:bg-slate-100 sm:text-sm";

export const labelClass = "mb-1.5 block text-sm font-medium text-slate-800";

export const hintId = (controlId: string) => `${controlId}-hint`;

/** A label above any control with `id={htmlFor}`, and an optional hint (its id is `hintId(htmlFor)`). */
export function Field({ label, htmlFor, hint, children, className = "" }: { label: string; htmlFor: string; hint?: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId(htmlFor)} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  hint?: string;
  multiline?: boolean;
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "placeholder" | "autoComplete" | "inputMode" | "maxLength" | "autoCapitalize" | "autoFocus" | "disabled">;

/** A Field with its own text input (or textarea), wired by id. */
export function TextField({ label, value, onChange, invalid, hint, multiline, className, ...rest }: TextFieldProps) {
  const id = useId();
  const aria = { "aria-invalid": invalid || undefined, "aria-describedby": hint ? hintId(id) : undefined };
  return (
    <Field label={label} htmlFor={id} hint={hint} className={className}>
      {multiline ? (
        <textarea
          id={id}
          name={rest.name}
          placeholder={rest.placeholder}
          maxLength={rest.maxLength}
          disabled={rest.disabled}
          value={value}
          rows={2}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} resize-none`}
          {...aria}
        />
      ) : (
        <input id={id} {...rest} {...aria} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass} />
      )}
    </Field>
  );
}
