import { useAtomValue } from "jotai";
import { atomWithQuery } from "jotai-tanstack-query";
import { useMemo } from "react";
import { DataTable } from "../../../components/data-table";
import { itAdmin } from "../../../i18n/it-admin";
import { client, unwrap } from "../../../lib/api";
import { formatTime } from "../../../lib/format";

const t = itAdmin.gateApp;

/** The admin's view of an event's overstays (cars past their rate's window), under the event's form. */
export function EventOverstays({ eventId }: { eventId: number }) {
  const queryAtom = useMemo(
    () =>
      atomWithQuery(() => ({
        queryKey: ["gate", "overstays", eventId],
        queryFn: () => unwrap(client.api.gate.events[":id"].overstays.$get({ param: { id: String(eventId) } })),
      })),
    [eventId],
  );
  const query = useAtomValue(queryAtom);
  const rows = query.data?.overstays ?? [];
  return (
    <section aria-labelledby={`overstays-${eventId}`} className="mt-6 border-t border-slate-200 pt-4" data-testid="event-overstays">
      <h3 id={`overstays-${eventId}`} className="text-base font-semibold text-slate-900">
        {t.overstays}
        {rows.length ? ` (${rows.length})` : ""}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t.overstaysHint}</p>
      {query.isPending ? (
        <p className="mt-2 text-sm text-slate-600">{t.overstaysLoading}</p>
      ) : query.isError ? (
        <p className="mt-2 text-sm text-red-700">{t.overstaysError}</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.overstaysNone}</p>
      ) : (
        <div className="mt-2">
          <DataTable
            rows={rows}
            rowKey={(r) => r.code}
            columns={[
              { header: t.plate, className: "font-mono font-semibold", cell: (r) => r.licensePlate },
              { header: t.code, className: "font-mono", cell: (r) => r.code },
              { header: t.rate, cell: (r) => r.rateName ?? "—" },
              { header: t.exitedAt, cell: (r) => (r.checkedOutAt ? formatTime(r.checkedOutAt) : t.stillInside) },
              { header: t.overstays, className: "font-semibold text-amber-900", cell: (r) => t.minutesOver(r.overstayMinutes) },
            ]}
          />
        </div>
      )}
    </section>
  );
}
