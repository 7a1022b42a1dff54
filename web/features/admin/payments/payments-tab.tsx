import { useAtomValue } from "jotai";
import { Alert } from "../../../components/alert";
import { Card, cardClass, CardHeader } from "../../../components/card";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { buttonClass } from "../../../components/button";
import type { Column } from "../../../components/data-table";
import { DownloadIcon } from "../components/admin-icons";
import { BookingCode, CustomerCell } from "../components/booking-cells";
import { DateRangeFields, ListFilters } from "../components/list-filters";
import { Loaded, PagedTable } from "../components/list-state";
import { EventFilter } from "../components/event-filter";
import { usePages, useUrlSearch } from "../components/paged-search";
import { SearchField } from "../components/search-field";
import { csvUrl, defaultPaymentsRange, formatChange, isValidRange, paymentPagesQueryAtom, paymentsSummaryQueryAtom, type Payment, type PaymentSearch } from "./queries";

const t = itAdmin.payments;

function StatCard({
  label,
  value,
  change,
  changeLabel,
  noComparison,
  detail,
}: {
  label: string;
  value: string;
  change: number | null;
  changeLabel: (pct: string) => string;
  noComparison: string;
  detail?: string;
}) {
  const tone = change === null ? "text-slate-600" : change > 0 ? "text-emerald-700" : change < 0 ? "text-red-700" : "text-slate-600";
  return (
    <div className={`${cardClass} p-5`} data-testid="payment-stat">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-semibold tabular-nums text-slate-900">{value}</p>
      <p className={`mt-2 text-sm font-medium ${tone}`}>{change === null ? noComparison : changeLabel(formatChange(change))}</p>
      {detail ? <p className="mt-0.5 text-xs text-slate-600">{detail}</p> : null}
    </div>
  );
}

const columns: Column<Payment>[] = [
  {
    header: t.colCode,
    className: "whitespace-nowrap",
    cell: (p) => <BookingCode id={p.id} testId="payment-code" />,
  },
  { header: t.colPaidAt, className: "whitespace-nowrap tabular-nums text-slate-700", cell: (p) => (p.paidAt ? formatShortDateTime(p.paidAt) : "—") },
  { header: t.colCustomer, cell: (p) => <CustomerCell name={p.customerName} email={p.customerEmail} /> },
  { header: t.colEvent, className: "max-w-56 text-slate-700", cell: (p) => p.event?.title },
  { header: t.colRate, className: "text-slate-700", cell: (p) => (p.kind === "prevendita" ? itAdmin.bookings.presale : (p.rate?.name ?? "—")) },
  {
    header: t.colAmount,
    end: true,
    className: "whitespace-nowrap font-medium",
    cell: (p) => (
      <>
        {formatEuro(p.amount, "it")}
        {p.refunds.map((r) => (
          <p key={r.at} className="text-xs font-normal text-red-800">
            − {t.refundOn(formatEuro(r.amount, "it"), formatShortDateTime(r.at))}
          </p>
        ))}
      </>
    ),
  },
  {
    header: t.colStatus,
    cell: (p) => (
      <span
        className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${p.status === "refunded" || p.refunds.length ? "bg-red-50 text-red-800 ring-red-200" : p.status === "freed" ? "bg-sky-50 text-sky-700 ring-sky-200" : "bg-emerald-50 text-emerald-700 ring-emerald-200"}`}
      >
        {p.status === "refunded" ? t.statusRefunded : p.refunds.length ? t.statusPartlyRefunded : p.status === "freed" ? t.statusFreed : t.statusPaid}
      </span>
    ),
  },
  { header: t.colPaymentId, className: "break-all font-mono text-xs text-slate-600", cell: (p) => p.stripePaymentIntentId ?? "—" },
];

/** The filters as the URL carries them, so a view can be shared; no dates in the URL: this month so far. */
function usePaymentSearch() {
  return useUrlSearch<PaymentSearch>("pagamenti", { from: "from", to: "to", q: "q", eventId: "event" }, (read) => {
    const fallback = defaultPaymentsRange();
    return { from: read.from || fallback.from, to: read.to || fallback.to, q: read.q, eventId: read.eventId };
  });
}

export function PaymentsTab() {
  const summary = useAtomValue(paymentsSummaryQueryAtom);
  const [search, setSearch] = usePaymentSearch();
  const { pages: payments, rows, first } = usePages(paymentPagesQueryAtom, search, (p) => p.payments);
  const valid = isValidRange(search);
  const range = { from: search.from, to: search.to };

  return (
    <div className="space-y-6">
      <Loaded query={summary}>
        {(data) => (
          <div className="grid gap-4 md:grid-cols-3">
            {[
              { label: t.todayRevenue, value: formatEuro(data.today.amount, "it"), change: data.changeVsYesterdayPct, changeLabel: t.vsYesterday, noComparison: t.noComparisonYesterday, detail: t.yesterday(formatEuro(data.yesterday.amount, "it")) },
              { label: t.monthRevenue, value: formatEuro(data.thisMonth.amount, "it"), change: data.changeVsLastMonthPct, changeLabel: t.vsLastMonth, noComparison: t.noComparisonMonth, detail: t.lastMonth(formatEuro(data.lastMonth.amount, "it")) },
              { label: t.todayCount, value: String(data.today.count), change: data.countChangeVsYesterdayPct, changeLabel: t.vsYesterday, noComparison: t.noComparisonCount, detail: t.yesterday(String(data.yesterday.count)) },
            ].map((stat) => (
              <StatCard key={stat.label} {...stat} />
            ))}
          </div>
        )}
      </Loaded>

      <Card>
        <SearchField id="payments-q" label={t.searchLabel} hint={t.searchHint} value={search.q} onSearch={(q) => setSearch({ q })} className="border-b border-slate-200 px-5 py-4" named={false} />
        <CardHeader
          title={t.title}
          description={
            first && rows && valid ? (
              <span data-testid="payments-total">
                {rows.length < first.total ? `${t.shownOf(rows.length)} · ` : ""}
                {t.totals(first.total, formatEuro(first.totals.gross, "it"), formatEuro(first.totals.refunded, "it"), formatEuro(first.totals.net, "it"))}
              </span>
            ) : undefined
          }
          actions={
            <ListFilters>
              <EventFilter id="payments-event" value={search.eventId} onChange={(eventId) => setSearch({ eventId })} />
              <div className="hidden sm:block" />
              <DateRangeFields id="payments" labels={t} from={search.from} to={search.to} onChange={setSearch} />
              {valid ? (
                <a
                  href={csvUrl(range)}
                  download
                  className={`${buttonClass("secondary")} col-span-2 sm:col-span-1`}
                >
                  <DownloadIcon className="size-4" />
                  {t.export}
                </a>
              ) : null}
            </ListFilters>
          }
        />
        {!valid ? (
          <div className="p-5">
            <Alert tone="error" role="alert">{t.invalidRange}</Alert>
          </div>
        ) : (
          <PagedTable pages={payments} rows={rows} empty={t.empty} rowKey={(p) => p.id} rowTestId="payment-row" columns={columns} />
        )}
      </Card>
    </div>
  );
}
