import { Card, CardHeader } from "../../../components/card";
import type { Column } from "../../../components/data-table";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { BookingCode } from "../components/booking-cells";
import { FilterSelect } from "../components/filter-select";
import { ListFilters } from "../components/list-filters";
import { listCount, PagedTable } from "../components/list-state";
import { EventFilter } from "../components/event-filter";
import { usePages, useUrlSearch } from "../components/paged-search";
import { SearchField } from "../components/search-field";
import { waitlistEntriesQueryAtom, type WaitlistEntrySearch, type WaitlistPageEntry } from "./queries";

const t = itAdmin.waitlist;

export const stateTone: Record<WaitlistPageEntry["state"], string> = {
  waiting: "bg-blue-100 text-blue-900",
  offered: "bg-emerald-100 text-emerald-900",
  booked: "bg-emerald-700 text-white",
  lapsed: "bg-amber-100 text-amber-900",
  left: "bg-slate-200 text-slate-700",
};

const columns: Column<WaitlistPageEntry>[] = [
  {
    header: t.colState,
    cell: (e) => (
      <>
        <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[e.state]}`}>{t.states[e.state]}</span>
        {e.position ? <span className="ml-2 font-semibold text-slate-900">{t.position(e.position)}</span> : null}
      </>
    ),
  },
  {
    header: t.colBookingCode,
    className: "whitespace-nowrap",
    cell: (e) => (e.bookingId ? <BookingCode id={e.bookingId} testId="waitlist-booking-code" /> : "—"),
  },
  { header: t.colEmail, className: "break-all text-slate-900", cell: (e) => e.email },
  { header: t.colPlate, className: "whitespace-nowrap", cell: (e) => <span className="font-mono text-xs uppercase tracking-wider text-slate-800">{e.licensePlate}</span> },
  { header: t.colEvent, className: "max-w-56 text-slate-700", cell: (e) => e.event.title },
  { header: t.colRate, className: "text-slate-700", cell: (e) => `${e.rateName} · ${formatEuro(e.price, "it")}` },
  { header: t.joinedAt, className: "whitespace-nowrap tabular-nums text-slate-600", cell: (e) => formatShortDateTime(e.joinedAt) },
];

/** Every list's entries, a page at a time, newest first: find someone by e-mail or plate. */
export function WaitlistEntriesCard() {
  const [search, setSearch] = useUrlSearch<WaitlistEntrySearch>("lista-attesa", { eventId: "event", q: "q", inLine: "inLine" }, (read) => ({
    eventId: read.eventId,
    q: read.q,
    inLine: read.inLine === "1" ? "1" : "",
  }));
  const { pages, rows, first } = usePages(waitlistEntriesQueryAtom, search, (p) => p.entries);

  return (
    <Card>
      <div className="border-b border-slate-200 px-5 py-4">
        <SearchField id="waitlist-q" label={t.searchLabel} hint={t.searchHint} value={search.q} onSearch={(q) => setSearch({ q })} />
      </div>
      <CardHeader
        title={t.entriesTitle}
        description={listCount("waitlist-total", rows, first?.total, t)}
        actions={
          <ListFilters>
            <EventFilter id="waitlist-event" value={search.eventId} onChange={(eventId) => setSearch({ eventId })} />
            <FilterSelect id="waitlist-in-line" label={t.filterState} allLabel={t.allStates} value={search.inLine} options={[{ value: "1" as const, label: t.inLineOnly }]} onChange={(inLine) => setSearch({ inLine })} />
          </ListFilters>
        }
      />
      <PagedTable pages={pages} rows={rows} empty={t.entriesEmpty} rowKey={(e) => e.id} rowTestId="waitlist-row" columns={columns} />
    </Card>
  );
}
