import { useAtom, useAtomValue } from "jotai";
import { Alert } from "../../../components/alert";
import { Card, cardClass, CardHeader } from "../../../components/card";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime, toCents } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { buttonClass } from "../../../components/button";
import { DataTable, type Column } from "../../../components/data-table";
import { DownloadIcon } from "../components/admin-icons";
import { ListState, Loaded } from "../components/list-state";
import { csvUrl, formatChange, isValidRange, paymentsQueryAtom, paymentsRangeAtom, paymentsSummaryQueryAtom } from "./queries";

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

type Payment = NonNullable<ReturnType<typeof useAtomValue<typeof paymentsQueryAtom>>["data"]>[number];

const columns: Column<Payment>[] = [
  { header: t.colPaidAt, className: "whitespace-nowrap tabular-nums text-slate-700", cell: (p) => (p.paidAt ? formatShortDateTime(p.paidAt) : "—") },
  {
    header: t.colCustomer,
    cell: (p) => (
      <>
        <p className="font-medium text-slate-900">{p.customerName}</p>
        <p className="text-xs text-slate-600">{p.customerEmail}</p>
      </>
    ),
  },
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

export function PaymentsTab() {
  const summary = useAtomValue(paymentsSummaryQueryAtom);
  const payments = useAtomValue(paymentsQueryAtom);
  const [range, setRange] = useAtom(paymentsRangeAtom);
  const valid = isValidRange(range);
  const totalCents = payments.data?.reduce((sum, p) => sum + toCents(p.amount), 0) ?? 0;
  const refundedCents = payments.data?.reduce((sum, p) => sum + toCents(p.refunded), 0) ?? 0;

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
        <CardHeader
          title={t.title}
          description={
            payments.data && valid
              ? t.totals(payments.data.length, formatEuro(totalCents, "it"), formatEuro(refundedCents, "it"), formatEuro(totalCents - refundedCents, "it"))
              : undefined
          }
          actions={
            <div className="flex flex-wrap items-end gap-3">
              <Field label={t.from} htmlFor="payments-from">
                <input id="payments-from" type="date" className={inputClass} value={range.from} max={range.to} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
              </Field>
              <Field label={t.to} htmlFor="payments-to">
                <input id="payments-to" type="date" className={inputClass} value={range.to} min={range.from} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
              </Field>
              {valid ? (
                <a
                  href={csvUrl(range)}
                  download
                  className={buttonClass("secondary")}
                >
                  <DownloadIcon className="size-4" />
                  {t.export}
                </a>
              ) : null}
            </div>
          }
        />
        {!valid ? (
          <div className="p-5">
            <Alert tone="error" role="alert">{t.invalidRange}</Alert>
          </div>
        ) : (
          <ListState query={payments} empty={t.empty}>
            {(rows) => <DataTable rows={rows} rowKey={(p) => p.id} rowTestId="payment-row" columns={columns} />}
          </ListState>
        )}
      </Card>
    </div>
  );
}
