import { itAdmin } from "../../../i18n/it-admin";

const labels = itAdmin.bookings.status;

/** Spec §4 admin labels: paid 'Opzionato', freed 'Liberato', pending 'In Attesa'; plus clear labels for the rest. */
function adminStatusLabel(status: string): string {
  return status in labels ? labels[status as keyof typeof labels] : labels.pending;
}

const statusTone: Record<string, string> = {
  paid: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  freed: "bg-sky-50 text-sky-700 ring-sky-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  expired: "bg-slate-100 text-slate-600 ring-slate-200",
  cancelled: "bg-slate-100 text-slate-600 ring-slate-200",
  refunded: "bg-violet-50 text-violet-700 ring-violet-200",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${statusTone[status] ?? statusTone.pending}`}>
      {adminStatusLabel(status)}
    </span>
  );
}
