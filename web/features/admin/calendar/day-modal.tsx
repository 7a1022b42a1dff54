import type { ReactNode } from "react";
import { Modal } from "../../../components/modal";
import { itAdmin } from "../../../i18n/it-admin";
import { dayLabel, romeTimeOf, type PlainDate } from "./calendar-math";
import type { CalendarBooking, CalendarEvent } from "./calendar-types";

const t = itAdmin.calendar;

type Props = {
  day: PlainDate | null;
  events: CalendarEvent[];
  bookings: CalendarBooking[];
  eventTitle: (eventId: number) => string;
  onClose: () => void;
};

/** The day's events (time, spots) and bookings (customer, plate, 'Pagato' / 'In sospeso'). */
export function DayModal({ day, events, bookings, eventTitle, onClose }: Props) {
  return (
    <Modal open={day !== null} onClose={onClose} title={day ? dayLabel(day) : ""} size="lg">
      <div className="space-y-6">
        <DaySection title={t.dayEvents} empty={t.noEvents} count={events.length}>
              {events.map((event) => (
                <li key={event.id} className="flex items-center gap-3 px-3 py-2.5">
                  <span className="w-12 shrink-0 font-semibold tabular-nums text-slate-900">{event.datetime ? romeTimeOf(event.datetime) : ""}</span>
                  <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: event.category?.color ?? "#64748b" }} aria-hidden="true" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">
                    {event.title}
                    {!event.isActive ? <span className="ml-2 text-xs font-normal text-slate-600">({t.inactive})</span> : null}
                  </span>
                  <span className="shrink-0 text-sm tabular-nums text-slate-600">{t.spots(event.availableSpots, event.totalSpots)}</span>
                </li>
              ))}
        </DaySection>
        <DaySection title={t.dayBookings} empty={t.noBookings} count={bookings.length}>
              {bookings.map((b) => (
                <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">{b.customerName}</span>
                    <span className="block truncate text-xs text-slate-600">{eventTitle(b.eventId)}</span>
                  </span>
                  <span className="font-mono text-xs uppercase text-slate-700">{b.licensePlate}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${b.status === "paid" ? "bg-emerald-50 text-emerald-700 ring-emerald-200" : "bg-amber-50 text-amber-800 ring-amber-200"}`}
                  >
                    {b.status === "paid" ? t.paid : t.pending}
                  </span>
                </li>
              ))}
        </DaySection>
      </div>
    </Modal>
  );
}

function DaySection({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wider text-blue-700">{title}</h3>
      {count === 0 ? <p className="text-sm text-slate-600">{empty}</p> : <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">{children}</ul>}
    </section>
  );
}
