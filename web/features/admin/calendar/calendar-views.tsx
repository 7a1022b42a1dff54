import type { ReactNode } from "react";
import { Button } from "../../../components/button";
import { itAdmin } from "../../../i18n/it-admin";
import { cellItems, dayKey, dayLabel, monthGrid, monthLabel, romeTimeOf, sameDay, weekDays, weekdayNames, type PlainDate, type YearMonth } from "./calendar-math";
import type { CalendarBooking, CalendarEvent } from "./calendar-types";

type DayMaps = {
  eventsByDay: Map<string, CalendarEvent[]>;
  bookingsByDay: Map<string, CalendarBooking[]>;
  today: PlainDate;
  onSelectDay: (day: PlainDate) => void;
};

const t = itAdmin.calendar;

function EventChip({ event, withTime }: { event: CalendarEvent; withTime?: boolean }) {
  // Week columns have room for whole titles; month cells cut them to one line.
  const color = event.category?.color ?? "#64748b";
  return (
    <span
      className={`flex min-w-0 gap-1.5 rounded px-1.5 py-0.5 text-xs leading-5 ${withTime ? "items-start" : "items-center"} ${event.isActive ? "bg-slate-100 text-slate-800" : "bg-slate-50 text-slate-500 line-through"}`}
      title={event.title}
    >
      <span className={`size-2 shrink-0 rounded-full ${withTime ? "mt-1.5" : ""}`} style={{ backgroundColor: color }} aria-hidden="true" />
      {withTime && event.datetime ? <span className="shrink-0 font-medium tabular-nums">{romeTimeOf(event.datetime)}</span> : null}
      <span className={withTime ? "min-w-0 break-words" : "truncate"}>{event.title}</span>
    </span>
  );
}

function BookingBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return <span className="inline-flex rounded-full bg-emerald-50 px-1.5 text-[11px] font-medium leading-5 text-emerald-700 ring-1 ring-emerald-200">{t.bookingsCount(count)}</span>;
}

function WeekdayHeader() {
  return (
    <div role="row" className="grid grid-cols-7 border-b border-slate-200 bg-slate-50">
      {weekdayNames().map((name) => (
        <div key={name} role="columnheader" className="px-2 py-2 text-center text-xs font-semibold uppercase tracking-wide text-slate-600">
          {name}
        </div>
      ))}
    </div>
  );
}

/** Month view: six Sunday-first weeks (42 cells), up to two events per cell then '+N altri'. */
/** One day of the grid: the whole cell opens the day ("Apri …" for screen readers). */
function DayCell({ day, onSelectDay, className, children }: { day: PlainDate; onSelectDay: (day: PlainDate) => void; className: string; children: ReactNode }) {
  return (
    <div role="gridcell" data-date={dayKey(day)} className="border-r border-slate-200 last:border-r-0">
      <Button variant="bare" size="none" onClick={() => onSelectDay(day)} className={`flex w-full flex-col text-left transition-colors hover:bg-blue-50/60 ${className}`}>
        <span className="sr-only">{t.openDay(dayLabel(day))}</span>
        {children}
      </Button>
    </div>
  );
}

export function MonthView({ month, eventsByDay, bookingsByDay, today, onSelectDay }: DayMaps & { month: YearMonth }) {
  const days = monthGrid(month);
  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  return (
    <div role="grid" aria-label={monthLabel(month)} className="min-w-[44rem] overflow-hidden rounded-lg border border-slate-200">
      <WeekdayHeader />
      {weeks.map((week) => (
        <div role="row" key={dayKey(week[0])} className="grid grid-cols-7 border-b border-slate-200 last:border-b-0">
          {week.map((day) => {
            const key = dayKey(day);
            const events = eventsByDay.get(key) ?? [];
            const bookings = bookingsByDay.get(key) ?? [];
            const { shown, more } = cellItems(events);
            const inMonth = day.month === month.month && day.year === month.year;
            const isToday = sameDay(day, today);
            return (
              <DayCell key={key} day={day} onSelectDay={onSelectDay} className={`h-28 gap-1 p-1.5 focus-visible:bg-blue-50 ${inMonth ? "bg-white" : "bg-slate-50/70"}`}>
                <span className="flex items-center justify-between gap-1">
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold ${isToday ? "bg-blue-600 text-white" : inMonth ? "text-slate-800" : "text-slate-500"}`}
                  >
                    {day.day}
                  </span>
                  <BookingBadge count={bookings.length} />
                </span>
                {shown.map((event) => (
                  <EventChip key={event.id} event={event} />
                ))}
                {more > 0 ? <span className="px-1.5 text-xs font-medium text-blue-700">{t.more(more)}</span> : null}
              </DayCell>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Week view: the seven days (Sunday to Saturday) of the week containing `day`, every event listed. */
export function WeekView({ day, eventsByDay, bookingsByDay, today, onSelectDay }: DayMaps & { day: PlainDate }) {
  const days = weekDays(day);
  const names = weekdayNames();
  return (
    <div role="grid" aria-label={t.week} className="min-w-[44rem] overflow-hidden rounded-lg border border-slate-200">
      <div role="row" className="grid grid-cols-7">
        {days.map((d, i) => {
          const key = dayKey(d);
          const events = eventsByDay.get(key) ?? [];
          const bookings = bookingsByDay.get(key) ?? [];
          const isToday = sameDay(d, today);
          return (
            <DayCell key={key} day={d} onSelectDay={onSelectDay} className="min-h-72 gap-1.5 p-2">
              <span className="flex w-full flex-col items-center gap-0.5 border-b border-slate-100 pb-2">
                <span aria-hidden="true" className="text-xs font-semibold uppercase tracking-wide text-slate-600">{names[i]}</span>
                <span aria-hidden="true" className={`inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold ${isToday ? "bg-blue-600 text-white" : "text-slate-800"}`}>{d.day}</span>
                <BookingBadge count={bookings.length} />
              </span>
              {events.map((event) => (
                <EventChip key={event.id} event={event} withTime />
              ))}
            </DayCell>
          );
        })}
      </div>
    </div>
  );
}
