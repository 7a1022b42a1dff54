import { useAtom, useAtomValue } from "jotai";
import { useState } from "react";
import { Card, CardHeader } from "../../../components/card";
import { inputClass, labelClass } from "../../../components/field";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatEuroCompact, formatShortDateTime, formatTime } from "../../../lib/format";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ListState, TableHead } from "../components/list-state";
import { BookingEmailsDialog } from "../emails/booking-emails-dialog";
import { RefundDialog, type RefundDialogBooking } from "./refund-dialog";
import { formatEuroCompact as euro } from "../../../../shared/lifecycle/money";
import { adminEventsQueryAtom } from "../events/queries";
import { bookingFiltersAtom, filteredBookingsQueryAtom, freeBookingAtom, type BookingFilters } from "./queries";
import { StatusBadge } from "./status-label";

const t = itAdmin.bookings;
const STATUSES = ["paid", "pending", "freed", "expired", "cancelled", "refunded"] as const;

type Freeing = { id: string; customerName: string; licensePlate: string };

export function BookingsTab() {
  const [filters, setFilters] = useAtom(bookingFiltersAtom);
  const bookings = useAtomValue(filteredBookingsQueryAtom);
  const events = useAtomValue(adminEventsQueryAtom);
  const free = useAtomValue(freeBookingAtom);
  const [freeing, setFreeing] = useState<Freeing | null>(null);
  const [refunding, setRefunding] = useState<RefundDialogBooking | null>(null);
  const [mailing, setMailing] = useState<{ id: string; customerName: string; status: string } | null>(null);

  function confirmFree() {
    if (!freeing) return;
    free.mutate(freeing.id, {
      onSuccess: () => notify.success(t.freed),
      onError: (err) => notify.error(errorMessage(err, t.freeFailed)),
      onSettled: () => setFreeing(null),
    });
  }

  return (
    <Card>
      <CardHeader
        title={t.title}
        description={bookings.data ? t.count(bookings.data.length) : undefined}
        actions={
          <div className="flex flex-wrap gap-3">
            <div>
              <label htmlFor="bookings-event" className={labelClass}>
                {t.filterEvent}
              </label>
              <select
                id="bookings-event"
                className={`${inputClass} min-w-56`}
                value={filters.eventId}
                onChange={(e) => setFilters((f) => ({ ...f, eventId: e.target.value }))}
              >
                <option value="">{t.allEvents}</option>
                {(events.data ?? []).map((event) => (
                  <option key={event.id} value={String(event.id)}>
                    {event.title}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="bookings-status" className={labelClass}>
                {t.filterStatus}
              </label>
              <select
                id="bookings-status"
                className={inputClass}
                value={filters.status}
                onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as BookingFilters["status"] }))}
              >
                <option value="">{t.allStatuses}</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t.status[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        }
      />
      <ListState query={bookings} empty={t.empty}>
        {(rows) => (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[60rem] text-left text-sm">
              <TableHead
                columns={[
                  { label: t.colCustomer },
                  { label: t.colEvent },
                  { label: t.colRate },
                  { label: t.colPlate },
                  { label: t.colAmount, end: true },
                  { label: t.colStatus },
                  { label: t.colCreated },
                  { label: t.colAction, end: true },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {rows.map((b) => (
                  <tr key={b.id} data-testid="booking-row" className="align-top">
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">{b.customerName}</p>
                      <p className="text-xs text-slate-600">{b.customerEmail}</p>
                    </td>
                    <td className="max-w-56 px-4 py-3 text-slate-700">{b.event?.title}</td>
                    <td className="px-4 py-3 text-slate-700">
                      {b.kind === "prevendita" ? (
                        <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">{t.presale}</span>
                      ) : (
                        (b.rate?.name ?? t.noRate)
                      )}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 font-mono text-xs uppercase text-slate-800">
                      {b.licensePlate}
                      {(b.status === "paid" || b.status === "pending") && b.plateSpots > 1 ? (
                        <span
                          data-testid="repeated-plate"
                          title={t.repeatedPlateHint(b.plateSpots)}
                          className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 font-sans text-[11px] font-semibold normal-case text-amber-900 ring-1 ring-amber-300"
                        >
                          {t.repeatedPlate(b.plateSpots)}
                        </span>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums">{formatEuroCompact(b.amount)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={b.status} />
                      {b.state === "partly_refunded" ? (
                        <p data-testid="refunded-amount" className="mt-1 text-xs font-medium text-violet-800">
                          {t.refundedOf(euro(b.refundedAmount), euro(b.amount))}
                        </p>
                      ) : null}
                      {b.refundPending ? (
                        <span className="mt-1 block w-fit whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold text-amber-900 ring-1 ring-amber-300">
                          {t.refundPendingBadge}
                        </span>
                      ) : null}
                      {b.refundFailed ? (
                        <span className="mt-1 block w-fit whitespace-nowrap rounded-full bg-red-50 px-2 py-0.5 text-[11px] font-semibold text-red-800 ring-1 ring-red-300">
                          {t.refundFailedBadge}
                        </span>
                      ) : null}
                      {b.checkedInAt && b.gateState === "inside" ? (
                        <p className="mt-1 whitespace-nowrap text-xs text-emerald-800">{t.enteredAt(formatTime(b.checkedInAt))}</p>
                      ) : null}
                      {b.checkedOutAt && b.gateState === "exited" ? (
                        <p className="mt-1 whitespace-nowrap text-xs text-slate-600">{t.exitedAt(formatTime(b.checkedOutAt))}</p>
                      ) : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 tabular-nums text-slate-600">{formatShortDateTime(b.createdAt)}</td>
                    <td className="space-y-2 px-4 py-3 text-right">
                      {b.status !== "pending" && b.status !== "expired" ? (
                        <button
                          type="button"
                          onClick={() => setMailing({ id: b.id, customerName: b.customerName, status: b.status })}
                          className="ml-2 whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-medium text-slate-800 hover:border-sky-400 hover:bg-sky-50 hover:text-sky-800"
                        >
                          {itAdmin.emails.bookingButton}
                        </button>
                      ) : null}
                      {b.status === "paid" || b.refundPending || b.refundFailed || b.state === "refunded" ? (
                        <button
                          type="button"
                          onClick={() =>
                            setRefunding({ id: b.id, customerName: b.customerName, amount: b.amount, refundedAmount: b.refundedAmount, refundable: b.status === "paid" })
                          }
                          aria-label={b.status === "paid" ? undefined : t.refundsOpen(b.customerName)}
                          className="ml-2 whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-medium text-slate-800 hover:border-red-400 hover:bg-red-50 hover:text-red-800"
                        >
                          {b.status === "paid" ? t.refund : t.refunds}
                        </button>
                      ) : null}
                      {b.status === "paid" ? (
                        <button
                          type="button"
                          onClick={() => setFreeing({ id: b.id, customerName: b.customerName, licensePlate: b.licensePlate })}
                          className="whitespace-nowrap rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-medium text-slate-800 hover:border-sky-400 hover:bg-sky-50 hover:text-sky-800"
                        >
                          {t.free}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {refunding ? <RefundDialog booking={refunding} onClose={() => setRefunding(null)} /> : null}
      {mailing ? <BookingEmailsDialog booking={mailing} onClose={() => setMailing(null)} /> : null}
      <ConfirmDialog
        open={freeing !== null}
        title={t.freeTitle}
        message={freeing ? t.freeConfirm(freeing.customerName, freeing.licensePlate) : ""}
        confirmLabel={free.isPending ? t.freeing : t.free}
        busy={free.isPending}
        tone="primary"
        onConfirm={confirmFree}
        onCancel={() => setFreeing(null)}
      />
    </Card>
  );
}
