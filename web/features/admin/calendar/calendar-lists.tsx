import { Button } from "../../../components/button";
import { itAdmin } from "../../../i18n/it-admin";
import { dayHeading, dayKey, romeTimeOf, sameDay, type PlainDate } from "./calendar-math";
import type { CalendarBooking, CalendarEvent } from "./calendar-types";

const t = itAdmin.calendar;

type Props = {
  days: PlainDate[];
  eventsByDay: Map<string, CalendarEvent[]>;
  bookingsByDay: Map<string, CalendarBooking[]>;
  today: PlainDate;
  eventTitle: (eventId: number) => string;
  onSelectDay: (day: PlainDate) => void;
  /** Month agenda: leave out the days with nothing on them. */
  onlyBusyDays?: boolean;
  label: string;
};

/** Phones (below 640 px): the month as an agenda and the week as a list, one section per day. */
export function DayList({ days, eventsByDay, bookingsByDay, today, eventTitle, onSelectDay, onlyBusyDays = false, label }: Props) {
  const shown = days.filter((d) => !onlyBusyDays || eventsByDay.has(dayKey(d)) || bookingsByDay.has(dayKey(d)));
  if (shown.length === 0) return <p className="py-8 text-center text-sm text-slate-600">{t.emptyMonth}</p>;
  return (
    <ol aria-label={label} className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="calendar-list">
      {shown.map((day) => {
        const key = dayKey(day);
        const events = eventsByDay.get(key) ?? [];
        const bookings = bookingsByDay.get(key) ?? [];
        return (
          <li key={key} data-date={key} className="px-3 py-3">
            <h3>
              <Button variant="bare" size="none" onClick={() => onSelectDay(day)} className="flex w-full items-center gap-2 rounded-md text-left text-sm font-semibold text-slate-900 hover:text-blue-700">
                <span className="first-letter:uppercase">{dayHeading(day)}</span>
                {sameDay(day, today) ? <span className="rounded-full bg-blue-600 px-2 text-xs font-medium text-white">{t.today}</span> : null}
              </Button>
            </h3>
            {events.length === 0 && bookings.length === 0 ? <p className="mt-1 text-xs text-slate-500">{t.noEvents}</p> : null}
            {events.length > 0 ? (
              <ul className="mt-2 space-y-1">
                {events.map((event) => (
                  <li key={event.id} className={`flex items-start gap-2 text-sm ${event.isActive ? "text-slate-800" : "text-slate-500 line-through"}`}>
                    <span className="mt-1.5 size-2 shrink-0 rounded-full" style={{ backgroundColor: event.category?.color ?? "#64748b" }} aria-hidden="true" />
                    <span className="w-11 shrink-0 font-medium tabular-nums">{event.datetime ? romeTimeOf(event.datetime) : ""}</span>
                    <span className="min-w-0 break-words">{event.title}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {bookings.length > 0 ? (
              <ul className="mt-2 space-y-1 border-l-2 border-emerald-200 pl-3" aria-label={t.bookingsCount(bookings.length)}>
                {bookings.map((b) => (
                  <li key={b.id} className="flex flex-wrap items-center gap-x-2 text-xs text-slate-700">
                    <span className="font-medium text-slate-900">{b.customerName}</span>
                    <span className="font-mono uppercase">{b.licensePlate}</span>
                    <span className={b.status === "paid" ? "text-emerald-700" : "text-amber-800"}>{b.status === "paid" ? t.paid : t.pending}</span>
                    <span className="w-full truncate text-slate-500">{eventTitle(b.eventId)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
