import { useAtomValue } from "jotai";
import { AppLink } from "../../../components/app-link";
import { Card, cardClass, CardHeader } from "../../../components/card";
import { CalendarIcon } from "../../../components/icons";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { allBookingsQueryAtom } from "../bookings/queries";
import { adminStatsQueryAtom } from "../queries";
import { StatusBadge } from "../bookings/status-label";
import { ListState, Loaded } from "../components/list-state";

const t = itAdmin.overview;
const RECENT_ACTIVITY_SIZE = 5;

function Counter({ label, value, accent }: { label: string; value: string; accent: string }) {
  return (
    <div className={`${cardClass} p-5`}>
      <div className={`mb-3 h-1 w-10 rounded-full ${accent}`} aria-hidden="true" />
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900">{value}</p>
    </div>
  );
}

export function OverviewTab() {
  const stats = useAtomValue(adminStatsQueryAtom);
  const bookings = useAtomValue(allBookingsQueryAtom);

  return (
    <div className="space-y-6">
      <Loaded query={stats}>
        {(data) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="overview-counters">
            <Counter label={t.activeEvents} value={String(data.activeEvents)} accent="bg-blue-500" />
            <Counter label={t.totalSpots} value={String(data.totalSpots)} accent="bg-sky-500" />
            <Counter label={t.occupiedSpots} value={String(data.occupiedSpots)} accent="bg-amber-500" />
            <Counter label={t.todayRevenue} value={formatEuro(data.todayRevenue, "it")} accent="bg-emerald-500" />
          </div>
        )}
      </Loaded>

      <Card>
        <CardHeader
          title={t.recentActivity}
          actions={
            <AppLink to="/admin/calendario" className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-700 hover:text-blue-900">
              <CalendarIcon className="size-5" />
              {t.openCalendar}
            </AppLink>
          }
        />
        <ListState query={bookings} empty={t.noActivity}>
          {(rows) => (
            <ul className="divide-y divide-slate-100" data-testid="recent-activity">
              {rows.slice(0, RECENT_ACTIVITY_SIZE).map((b) => (
                <li key={b.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">{b.event?.title}</p>
                    <p className="text-xs tabular-nums text-slate-600">{formatShortDateTime(b.createdAt)}</p>
                  </div>
                  <StatusBadge status={b.status} />
                  <p className="w-20 text-right font-semibold tabular-nums text-slate-900">{formatEuro(b.amount, "it")}</p>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </Card>
    </div>
  );
}
