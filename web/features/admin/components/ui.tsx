import { Switch } from "@headlessui/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const variants: Record<Variant, string> = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-500",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-300",
};

export function Button({ variant = "primary", className = "", type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

export function IconButton({ label, className = "", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent ${className}`}
      {...props}
    />
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}>{children}</section>;
}

export function CardHeader({ title, actions, description }: { title: ReactNode; actions?: ReactNode; description?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

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
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-checked:bg-indigo-600 data-disabled:cursor-not-allowed"
      >
        <span className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-5.5" />
      </Switch>
      <span className={srOnlyLabel ? "sr-only" : ""}>{label}</span>
    </label>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-slate-600">
      <span className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" aria-hidden="true" />
      {label}
    </div>
  );
}

type QueryState<T> = { isPending: boolean; isError: boolean; data: T[] | undefined };

/** An admin list's loading, failure and empty states, then its rows. */
export function ListState<T>({ query, empty, children }: { query: QueryState<T>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isPending) return <Spinner label={it.common.loading} />;
  if (query.isError || !query.data) {
    return (
      <div className="p-5">
        <ErrorNote>{itAdmin.loadError}</ErrorNote>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="px-5 py-10 text-center text-sm text-slate-600">{empty}</p>;
  return children(query.data);
}

/** The header row of an admin table; `end` columns (amounts, actions) are right-aligned. */
export function TableHead({ columns }: { columns: { label: string; end?: boolean }[] }) {
  return (
    <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
      <tr>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={`px-4 py-3 ${c.end ? "text-right" : ""}`}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

export function ProgressBar({ value, label, tone = "indigo" }: { value: number; label: string; tone?: "indigo" | "emerald" | "amber" | "red" }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  const colors = { indigo: "bg-indigo-600", emerald: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-500" };
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full rounded-full ${colors[tone]} transition-[width]`} style={{ width: `${pct}%` }} />
    </div>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 disabled:bg-slate-100";

export const labelClass = "mb-1 block text-sm font-medium text-slate-700";

export function Field({
  label,
  htmlFor,
  hint,
  children,
  className = "",
}: {
  label: string;
  htmlFor: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}
