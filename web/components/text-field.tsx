import { Description, Field, Input, Label, Textarea } from "@headlessui/react";
import type { InputHTMLAttributes } from "react";
import { input } from "./ui";

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  hint?: string;
  multiline?: boolean;
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "placeholder" | "autoComplete" | "inputMode" | "maxLength" | "autoCapitalize" | "autoFocus" | "disabled">;

/** A labelled input (Headless UI Field wires label, description and aria-invalid). */
export function TextField({ label, value, onChange, invalid, hint, multiline, className = "", ...rest }: Props) {
  return (
    <Field className={className} disabled={rest.disabled}>
      <Label className="mb-1.5 block text-sm font-medium text-slate-800">{label}</Label>
      {multiline ? (
        <Textarea
          name={rest.name}
          placeholder={rest.placeholder}
          maxLength={rest.maxLength}
          value={value}
          invalid={invalid}
          rows={2}
          onChange={(e) => onChange(e.target.value)}
          className={`${input} resize-none`}
        />
      ) : (
        <Input {...rest} value={value} invalid={invalid} onChange={(e) => onChange(e.target.value)} className={input} />
      )}
      {hint ? <Description className="mt-1 text-xs text-slate-500">{hint}</Description> : null}
    </Field>
  );
}
