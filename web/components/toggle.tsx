import { Switch } from "@headlessui/react";

/** A labelled Headless UI switch; the label is the accessible name. */
export function Toggle({
  checked,
  onChange,
  label,
  disabled,
  srOnlyLabel = false,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
  srOnlyLabel?: boolean;
}) {
  return (
    <label className={`inline-flex items-center gap-2 text-sm text-slate-700 ${disabled ? "opacity-60" : ""}`}>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-checked:bg-blue-600 data-disabled:cursor-not-allowed"
      >
        <span className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5.5" />
      </Switch>
      <span className={srOnlyLabel ? "sr-only" : ""}>{label}</span>
    </label>
  );
}
