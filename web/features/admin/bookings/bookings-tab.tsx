import { useAtomValue } from "jotai";
import { useState } from "react";
import { Card, CardHeader } from "../../../components/card";
import { Button } from "../../../components/button";
import type { Column } from "../../../components/data-table";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime, formatTime } from "../../../lib/format";
import { BookingCode, CustomerCell } from "../components/booking-cells";
import { ConfirmDialog } from "../components/confirm-dialog";
import { FilterSelect } from "../components/filter-select";
import { DateRangeFields, ListFilters } from "../components/list-filters";
import { listCount, PagedTable } from "../components/list-state";
import { BookingEmailsDialog } from "../emails/booking-emails-dialog";
import { RefundDialog, type RefundDialogBooking } from "./refund-dialog";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { EventFilter } from "../components/event-filter";
import { bookingSearchQueryAtom, type AdminBooking, type BookingSearch, type BookingStatus, freeBookingAtom } from "./queries";
import { usePages, useUrlSearch } from "../components/paged-search";
import { SearchField } from "../components/search-field";
import { StatusBadge } from "./status-label";
import { notifyOutcome } from "../../../lib/notify-outcome";

const t = itAdmin.bookings;
const STATUSES = ["paid", "pending", "freed", "expired", "cancelled", "refunded"] as const;


const columns: Column<AdminBooking>[] = [
  {
    header: t.colCode,
    className: "whitespace-nowrap",
    cell: (b) => <BookingCode id={b.id} testId="booking-code" />,
  },
  { header: t.colCustomer, cell: (b) => <CustomerCell name={b.customerName} email={b.customerEmail} /> },
  { header: t.colEvent, cell: (b) => b.event?.title, className: "max-w-56 text-slate-700" },
  {
    header: t.colRate,
    cell: (b) =>
      b.kind === "prevendita" ? <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">{t.presale}</span> : (b.rate?.name ?? t.noRate),
  },
  {
    header: t.colPlate,
    className: "whitespace-nowrap",
    cell: (b) => (
      <span className="font-mono text-xs uppercase text-slate-800">
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
      </span>
    ),
  },
  { header: t.colAmount, end: true, className: "whitespace-nowrap font-medium", cell: (b) => formatEuro(b.amount, "it") },
  {
    header: t.colStatus,
    cell: (b) => (
      <>
        <StatusBadge status={b.status} />
        {b.state === "partly_refunded" ? (
          <p data-testid="refunded-amount" className="mt-1 text-xs font-medium text-violet-800">
            {t.refundedOf(formatEuro(b.refundedAmount, "it"), formatEuro(b.amount, "it"))}
          </p>
        ) : null}
        {b.refundPending ? <Pill tone="amber">{t.refundPendingBadge}</Pill> : null}
        {b.refundFailed ? <Pill tone="red">{t.refundFailedBadge}</Pill> : null}
        {b.checkedInAt && b.gateState === "inside" ? <p className="mt-1 whitespace-nowrap text-xs text-emerald-800">{t.enteredAt(formatTime(b.checkedInAt))}</p> : null}
        {b.checkedOutAt && b.gateState === "exited" ? <p className="mt-1 whitespace-nowrap text-xs text-slate-600">{t.exitedAt(formatTime(b.checkedOutAt))}</p> : null}
      </>
    ),
  },
  { header: t.colCreated, className: "whitespace-nowrap tabular-nums text-slate-600", cell: (b) => formatShortDateTime(b.createdAt) },
];

function Pill({ tone, children }: { tone: "amber" | "red"; children: string }) {
  const tones = { amber: "bg-amber-50 text-amber-900 ring-amber-300", red: "bg-red-50 text-red-800 ring-red-300" };
  return <span className={`mt-1 block w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ${tones[tone]}`}>{children}</span>;
}

type Freeing = { id: string; customerName: string; licensePlate: string };

/** The search as the URL carries it (?tab=prenotazioni&q=…&event=…&status=…&from=…&to=…), so a view can be shared. */
function useBookingSearch() {
  return useUrlSearch<BookingSearch>("prenotazioni", { q: "q", eventId: "event", status: "status", from: "from", to: "to" }, (read) => ({
    q: read.q,
    eventId: read.eventId,
    status: (STATUSES as readonly string[]).includes(read.status) ? (read.status as BookingStatus) : "",
    from: read.from,
    to: read.to,
  }));
}

export function BookingsTab() {
  const [search, setSearch] = useBookingSearch();
  const { pages, rows, first } = usePages(bookingSearchQueryAtom, search, (p) => p.bookings);
  const free = useAtomValue(freeBookingAtom);
  const [freeing, setFreeing] = useState<Freeing | null>(null);
  const [refunding, setRefunding] = useState<RefundDialogBooking | null>(null);
  const [mailing, setMailing] = useState<{ id: string; customerName: string; status: string } | null>(null);
  const filtered = Object.values(search).some(Boolean);

  function confirmFree() {
    if (!freeing) return;
    free.mutate(freeing.id, notifyOutcome(t.freed, t.freeFailed, () => setFreeing(null)));
  }

  return (
    <Card>
      <SearchField
        id="bookings-q"
        label={t.searchLabel}
        hint={t.searchHint}
        value={search.q}
        onSearch={(q) => setSearch({ q })}
        className="border-b border-slate-200 px-5 py-4"
        autoCapitalize="characters"
        named={false}
      />
      <CardHeader
        title={t.title}
        description={listCount("bookings-total", rows, first?.total, t)}
        actions={
          <ListFilters onClear={filtered ? () => setSearch({ q: "", eventId: "", status: "", from: "", to: "" }) : undefined}>
            <EventFilter id="bookings-event" value={search.eventId} onChange={(eventId) => setSearch({ eventId })} />
            <FilterSelect
              id="bookings-status"
              label={t.filterStatus}
              allLabel={t.allStatuses}
              value={search.status}
              options={STATUSES.map((s) => ({ value: s, label: t.status[s] }))}
              onChange={(status) => setSearch({ status })}
            />
            <DateRangeFields id="bookings" labels={{ from: t.filterFrom, to: t.filterTo }} from={search.from} to={search.to} onChange={setSearch} />
          </ListFilters>
        }
      />
      <PagedTable
        pages={pages}
        rows={rows}
        empty={t.empty}
        rowKey={(b) => b.id}
        rowTestId="booking-row"
        columns={columns}
        actionsHeader={t.colAction}
        actions={(b) => (
          <>
            {b.status !== "pending" && b.status !== "expired" ? (
              <Button size="sm" variant="secondary" onClick={() => setMailing({ id: b.id, customerName: b.customerName, status: b.status })}>
                {itAdmin.emails.bookingButton}
              </Button>
            ) : null}
            {b.status === "paid" || b.refundPending || b.refundFailed || b.state === "refunded" ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setRefunding({ id: b.id, customerName: b.customerName, amount: b.amount, refundedAmount: b.refundedAmount, refundable: b.status === "paid" })}
                aria-label={b.status === "paid" ? undefined : t.refundsOpen(b.customerName)}
              >
                {b.status === "paid" ? t.refund : t.refunds}
              </Button>
            ) : null}
            {b.status === "paid" ? (
              <Button size="sm" variant="secondary" onClick={() => setFreeing({ id: b.id, customerName: b.customerName, licensePlate: b.licensePlate })}>
                {t.free}
              </Button>
            ) : null}
          </>
        )}
      />
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
