import type { ReactNode } from "react";
import { Button } from "../../../components/button";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";

/** The filters beside an admin list's title: two columns on a phone, one row from sm up; "Azzera filtri" while any is set. */
export function ListFilters({ children, onClear }: { children: ReactNode; onClear?: () => void }) {
  return (
    <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap sm:items-end">
      {children}
      {onClear ? (
        <Button variant="secondary" className="col-span-2 sm:col-span-1" onClick={onClear}>
          {itAdmin.bookings.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}

/** A from–to pair of days, each bounding the other's picker (either may be empty). */
export function DateRangeFields({
  id,
  labels,
  from,
  to,
  onChange,
}: {
  /** The fields' ids: `${id}-from`, `${id}-to`. */
  id: string;
  labels: { from: string; to: string };
  from: string;
  to: string;
  onChange: (next: { from: string } | { to: string }) => void;
}) {
  return (
    <>
      <Field label={labels.from} htmlFor={`${id}-from`}>
        <input id={`${id}-from`} type="date" className={inputClass} value={from} max={to || undefined} onChange={(e) => onChange({ from: e.target.value })} />
      </Field>
      <Field label={labels.to} htmlFor={`${id}-to`}>
        <input id={`${id}-to`} type="date" className={inputClass} value={to} min={from || undefined} onChange={(e) => onChange({ to: e.target.value })} />
      </Field>
    </>
  );
}
