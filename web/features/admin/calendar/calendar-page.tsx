import { Button } from "../../../components/button";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { Alert } from "../../../components/alert";
import { Card } from "../../../components/card";
import { IconButton } from "../../../components/icon-button";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { useAppSearchParams } from "../../../lib/search-params";
import { useMediaQuery } from "../../../lib/use-media-query";
import { allBookingsQueryAtom } from "../bookings/queries";
import { ChevronLeftIcon, ChevronRightIcon } from "../components/admin-icons";
import { adminEventsQueryAtom } from "../events/queries";
import { DayList } from "./calendar-lists";
import { addDays, addMonths, dayKey, groupByDay, monthGrid, monthLabel, parseDay, romeDateOf, shortDayLabel, todayInRomeDate, weekDays, yearMonthOf, type PlainDate } from "./calendar-math";
import type { CalendarBooking, CalendarEvent } from "./calendar-types";
import { MonthView, WeekView } from "./calendar-views";
import { DayModal } from "./day-modal";

const t = itAdmin.calendar;
/** Bookings that mean a car is (or may be) coming; freed, expired, cancelled and refunded ones do not. */
const SHOWN_STATUSES = new Set(["paid", "pending"]);

export function CalendarPage() {
  const events = useAtomValue(adminEventsQueryAtom);
  const bookings = useAtomValue(allBookingsQueryAtom);
  const [params, setParams] = useAppSearchParams();
  const [selected, setSelected] = useState<PlainDate | null>(null);
  const today = todayInRomeDate();
  const view = params.get("vista") === "settimana" ? "week" : "month";
  const anchor = parseDay(params.get("giorno")) ?? today;
  const wide = useMediaQuery("(min-width: 640px)");

  const navigate = (next: { view?: "week" | "month"; day?: PlainDate }) =>
    setParams({ vista: (next.view ?? view) === "week" ? "settimana" : "mese", giorno: dayKey(next.day ?? anchor) });

  const { eventsByDay, bookingsByDay, alwaysActive, titleOf } = useMemo(() => {
    const list: CalendarEvent[] = events.data ?? [];
    const dated = list.filter((e) => e.datetime !== null);
    const eventDay = new Map(dated.map((e) => [e.id, romeDateOf(e.datetime!)]));
    const shown: CalendarBooking[] = (bookings.data ?? []).filter((b) => SHOWN_STATUSES.has(b.status));
    return {
      eventsByDay: groupByDay(
        [...dated].sort((a, b) => a.datetime!.localeCompare(b.datetime!)),
        (e) => eventDay.get(e.id) ?? null,
      ),
      // A booking belongs to the day its car comes: its event's day, or the day it was made for always-active events.
      bookingsByDay: groupByDay(shown, (b) => eventDay.get(b.eventId) ?? romeDateOf(b.createdAt)),
      alwaysActive: list.filter((e) => e.datetime === null),
      titleOf: (id: number) => list.find((e) => e.id === id)?.title ?? "",
    };
  }, [events.data, bookings.data]);

  const month = yearMonthOf(anchor);
  const week = weekDays(anchor);
  const title = view === "month" ? monthLabel(month) : t.weekRange(shortDayLabel(week[0]), `${shortDayLabel(week[6])} ${week[6].year}`);
  const step = (direction: 1 | -1) => (view === "month" ? addMonths(anchor, direction) : addDays(anchor, 7 * direction));
  const key = selected ? dayKey(selected) : "";
  // The day opened becomes the day the calendar looks at, so month → week shows its week.
  const selectDay = (day: PlainDate) => {
    setSelected(day);
    setParams({ vista: view === "week" ? "settimana" : "mese", giorno: dayKey(day) }, { replace: true });
  };
  const days = { eventsByDay, bookingsByDay, today, onSelectDay: selectDay };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t.title}</h1>
        <div role="group" aria-label={t.view} className="inline-flex rounded-lg bg-slate-200/70 p-1">
          {(["month", "week"] as const).map((v) => (
            <Button
              key={v}
              variant={view === v ? "secondary" : "ghost"}
              size="sm"
              aria-pressed={view === v}
              onClick={() => navigate({ view: v })}
            >
              {v === "month" ? t.month : t.week}
            </Button>
          ))}
        </div>
      </div>
      <Card>
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
          <IconButton label={t.previous} onClick={() => navigate({ day: step(-1) })}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton label={t.next} onClick={() => navigate({ day: step(1) })}>
            <ChevronRightIcon />
          </IconButton>
          <Button variant="secondary" size="sm" onClick={() => navigate({ day: today })}>
            {t.today}
          </Button>
          <h2 className="ml-2 text-lg font-semibold text-slate-900 first-letter:uppercase" aria-live="polite">
            {title}
          </h2>
        </div>
        <div className="overflow-x-auto p-3 sm:p-4">
          {events.isPending || bookings.isPending ? (
            <LoadingState text={it.common.loading} />
          ) : events.isError || bookings.isError ? (
            <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>
          ) : !wide ? (
            view === "month" ? (
              <DayList {...days} days={monthGrid(month).filter((d) => d.month === month.month)} onlyBusyDays eventTitle={titleOf} label={monthLabel(month)} />
            ) : (
              <DayList {...days} days={week} eventTitle={titleOf} label={title} />
            )
          ) : view === "month" ? (
            <MonthView month={month} {...days} />
          ) : (
            <WeekView day={anchor} {...days} />
          )}
        </div>
        <div className="space-y-2 border-t border-slate-200 px-4 py-3 text-xs text-slate-600">
          <p>{t.legend}</p>
          {alwaysActive.length > 0 ? (
            <p>
              <span className="font-medium text-slate-700">{t.alwaysActive}:</span> {alwaysActive.map((e) => e.title).join(", ")}
            </p>
          ) : null}
        </div>
      </Card>
      <DayModal
        day={selected}
        events={eventsByDay.get(key) ?? []}
        bookings={bookingsByDay.get(key) ?? []}
        eventTitle={titleOf}
        onClose={() => setSelected(null)}
      />
    </div>
  );
}
