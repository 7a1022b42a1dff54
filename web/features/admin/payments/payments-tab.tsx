import { useAtom, useAtomValue } from "jotai";
import { Alert } from "../../../components/alert";
import { Card, cardClass, CardHeader } from "../../../components/card";
import { inputClass, labelClass } from "../../../components/field";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { formatEuroCompact, formatShortDateTime, fromCents, toCents } from "../../../lib/format";
import { DownloadIcon } from "../components/admin-icons";
import { ListState, TableHead } from "../components/list-state";
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

export function PaymentsTab() {
  const summary = useAtomValue(paymentsSummaryQueryAtom);
  const payments = useAtomValue(paymentsQueryAtom);
  const [range, setRange] = useAtom(paymentsRangeAtom);
  const valid = isValidRange(range);
  const totalCents = payments.data?.reduce((sum, p) => sum + toCents(p.amount), 0) ?? 0;
  const refundedCents = payments.data?.reduce((sum, p) => sum + toCents(p.refunded), 0) ?? 0;

  return (
    <div className="space-y-6">
      {summary.isPending ? (
        <LoadingState text={it.common.loading} />
      ) : summary.isError ? (
        <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <StatCard
            label={t.todayRevenue}
            value={formatEuroCompact(summary.data.today.amount)}
            change={summary.data.changeVsYesterdayPct}
            changeLabel={t.vsYesterday}
            noComparison={t.noComparisonYesterday}
            detail={t.yesterday(formatEuroCompact(summary.data.yesterday.amount))}
          />
          <StatCard
            label={t.monthRevenue}
            value={formatEuroCompact(summary.data.thisMonth.amount)}
            change={summary.data.changeVsLastMonthPct}
            changeLabel={t.vsLastMonth}
            noComparison={t.noComparisonMonth}
            detail={t.lastMonth(formatEuroCompact(summary.data.lastMonth.amount))}
          />
          <StatCard
            label={t.todayCount}
            value={String(summary.data.today.count)}
            change={summary.data.countChangeVsYesterdayPct}
            changeLabel={t.vsYesterday}
            noComparison={t.noComparisonCount}
            detail={t.yesterday(String(summary.data.yesterday.count))}
          />
        </div>
      )}

      <Card>
        <CardHeader
          title={t.title}
          description={
            payments.data && valid
              ? t.totals(payments.data.length, formatEuroCompact(fromCents(totalCents)), formatEuroCompact(fromCents(refundedCents)), formatEuroCompact(fromCents(totalCents - refundedCents)))
              : undefined
          }
          actions={
            <div className="flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="payments-from" className={labelClass}>
                  {t.from}
                </label>
                <input
                  id="payments-from"
                  type="date"
                  className={inputClass}
                  value={range.from}
                  max={range.to}
                  onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
                />
              </div>
              <div>
                <label htmlFor="payments-to" className={labelClass}>
                  {t.to}
                </label>
                <input
                  id="payments-to"
                  type="date"
                  className={inputClass}
                  value={range.to}
                  min={range.from}
                  onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
                />
              </div>
              {valid ? (
                <a
                  href={csvUrl(range)}
                  download
                  className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
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
            {(rows) => (
              <div className="overflow-x-auto">
                <table className="w-full min-w-[56rem] text-left text-sm">
                  <TableHead
                    columns={[
                      { label: t.colPaidAt },
                      { label: t.colCustomer },
                      { label: t.colEvent },
                      { label: t.colRate },
                      { label: t.colAmount, end: true },
                      { label: t.colStatus },
                      { label: t.colPaymentId },
                    ]}
                  />
                  <tbody className="divide-y divide-slate-100">
                    {rows.map((p) => (
                      <tr key={p.id} data-testid="payment-row">
                        <td className="whitespace-nowrap px-4 py-3 tabular-nums text-slate-700">{p.paidAt ? formatShortDateTime(p.paidAt) : "—"}</td>
                        <td className="px-4 py-3">
                          <p className="font-medium text-slate-900">{p.customerName}</p>
                          <p className="text-xs text-slate-600">{p.customerEmail}</p>
                        </td>
                        <td className="max-w-56 px-4 py-3 text-slate-700">{p.event?.title}</td>
                        <td className="px-4 py-3 text-slate-700">{p.kind === "prevendita" ? itAdmin.bookings.presale : (p.rate?.name ?? "—")}</td>
                        <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums">
                          {formatEuroCompact(p.amount)}
                          {p.refunds.map((r) => (
                            <p key={r.at} className="text-xs font-normal text-red-800">
                              − {t.refundOn(formatEuroCompact(r.amount), formatShortDateTime(r.at))}
                            </p>
                          ))}
                        </td>
                        <td className="px-4 py-3">
                          <span
                            className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${p.status === "refunded" || p.refunds.length ? "bg-red-50 text-red-800 ring-red-200" : p.status === "freed" ? "bg-sky-50 text-sky-700 ring-sky-200" : "bg-emerald-50 text-emerald-700 ring-emerald-200"}`}
                          >
                            {p.status === "refunded" ? t.statusRefunded : p.refunds.length ? t.statusPartlyRefunded : p.status === "freed" ? t.statusFreed : t.statusPaid}
                          </span>
                        </td>
                        <td className="px-4 py-3 font-mono text-xs text-slate-600">{p.stripePaymentIntentId ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </ListState>
        )}
      </Card>
    </div>
  );
}
