import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, dayKey, groupByDay, monthGrid, parseDay, plainDate, romeDateOf, sundayOffset, weekDays } from "./calendar-math";
import type { CalendarEvent } from "./calendar-types";
import { MonthView, WeekView } from "./calendar-views";

afterEach(cleanup);

let nextId = 1;
function event(title: string, datetime: string | null): CalendarEvent {
  return { id: nextId++, title, datetime, isActive: true, availableSpots: 10, totalSpots: 20, category: { name: "Concerti", color: "#8B5CF6" } };
}

function byDay(events: CalendarEvent[]) {
  return groupByDay(events, (e) => (e.datetime ? romeDateOf(e.datetime) : null));
}

const noop = () => {};
const day = (s: string) => parseDay(s)!;
const today = day("2026-03-10");

describe("calendar month grid", () => {
  it("always has 42 cells starting on a Sunday, for every month of a year", () => {
    for (let m = 1; m <= 12; m++) {
      const days = monthGrid({ year: 2026, month: m });
      const first = dayKey(plainDate(2026, m, 1));
      expect(days).toHaveLength(42);
      expect(sundayOffset(days[0])).toBe(0);
      expect(dayKey(days[0]) <= first).toBe(true);
      expect(dayKey(addDays(days[0], 7)) > first).toBe(true);
      // Consecutive days, no gap or repeat.
      for (let i = 1; i < 42; i++) expect(dayKey(days[i])).toBe(dayKey(addDays(days[0], i)));
    }
    // February 2026 starts on a Sunday: the first cell is the 1st itself, not the week before.
    expect(dayKey(monthGrid({ year: 2026, month: 2 })[0])).toBe("2026-02-01");
  });

  it("renders 42 day cells under Sunday-first Italian weekday headers", () => {
    render(<MonthView month={{ year: 2026, month: 3 }} eventsByDay={new Map()} bookingsByDay={new Map()} today={today} onSelectDay={noop} />);
    const grid = screen.getByRole("grid", { name: "marzo 2026" });
    const cells = within(grid).getAllByRole("gridcell");
    expect(cells).toHaveLength(42);
    expect(cells[0].dataset.date).toBe("2026-03-01");
    expect(cells[41].dataset.date).toBe("2026-04-11");
    const headers = within(grid).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["dom", "lun", "mar", "mer", "gio", "ven", "sab"]);
  });

  it("shows at most two events in a cell and '+N altri' for the rest", () => {
    const events = [
      event("Concerto A", "2026-03-14T18:00:00Z"),
      event("Concerto B", "2026-03-14T19:00:00Z"),
      event("Partita C", "2026-03-14T20:00:00Z"),
      event("Partita D", "2026-03-14T20:30:00Z"),
      event("Solo evento", "2026-03-15T20:00:00Z"),
    ];
    render(<MonthView month={{ year: 2026, month: 3 }} eventsByDay={byDay(events)} bookingsByDay={new Map()} today={today} onSelectDay={noop} />);
    const busy = document.querySelector<HTMLElement>('[data-date="2026-03-14"]')!;
    expect(within(busy).getByText("Concerto A")).toBeTruthy();
    expect(within(busy).getByText("Concerto B")).toBeTruthy();
    expect(within(busy).queryByText("Partita C")).toBeNull();
    expect(within(busy).getByText("+2 altri")).toBeTruthy();
    const quiet = document.querySelector<HTMLElement>('[data-date="2026-03-15"]')!;
    expect(within(quiet).getByText("Solo evento")).toBeTruthy();
    expect(within(quiet).queryByText(/altri/)).toBeNull();
  });

  it("opens the clicked day", () => {
    const onSelectDay = vi.fn();
    render(<MonthView month={{ year: 2026, month: 3 }} eventsByDay={new Map()} bookingsByDay={new Map()} today={today} onSelectDay={onSelectDay} />);
    fireEvent.click(screen.getByRole("button", { name: /^Apri sabato 14 marzo 2026/ }));
    expect(dayKey(onSelectDay.mock.calls[0][0])).toBe("2026-03-14");
  });
});

describe("calendar weeks across daylight-saving changes in Rome", () => {
  it("puts an event on its Rome day, not its UTC day, on both sides of the spring change", () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 in Rome.
    const lateSaturdayUtc = event("Dopo mezzanotte (CET)", "2026-03-28T23:30:00Z"); // 00:30 on 29 March in Rome
    const sundayNight = event("Domenica sera (CEST)", "2026-03-29T22:30:00Z"); // 00:30 on 30 March in Rome
    const events = [lateSaturdayUtc, sundayNight];
    render(<WeekView day={day("2026-04-01")} eventsByDay={byDay(events)} bookingsByDay={new Map()} today={today} onSelectDay={noop} />);
    const cells = screen.getAllByRole("gridcell");
    expect(cells.map((c) => c.dataset.date)).toEqual(["2026-03-29", "2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04"]);
    expect(within(cells[0]).getByText("Dopo mezzanotte (CET)")).toBeTruthy();
    expect(within(cells[0]).getByText("00:30")).toBeTruthy();
    expect(within(cells[1]).getByText("Domenica sera (CEST)")).toBeTruthy();
    expect(within(cells[1]).getByText("00:30")).toBeTruthy();
  });

  it("keeps seven distinct days in the autumn week with a 25-hour Sunday", () => {
    // 25 October 2026: clocks go back from 03:00 to 02:00 in Rome.
    const days = weekDays(day("2026-10-28"));
    expect(days.map(dayKey)).toEqual(["2026-10-25", "2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31"]);
    expect(dayKey(romeDateOf("2026-10-24T22:30:00Z"))).toBe("2026-10-25"); // 00:30 CEST
    expect(dayKey(romeDateOf("2026-10-25T23:30:00Z"))).toBe("2026-10-26"); // 00:30 CET
    expect(dayKey(romeDateOf("2026-10-25T22:30:00Z"))).toBe("2026-10-25"); // 23:30 CET
  });

  it("starts a week on Sunday even when the chosen day is the Sunday itself or a Saturday", () => {
    expect(dayKey(weekDays(day("2026-03-29"))[0])).toBe("2026-03-29");
    expect(dayKey(weekDays(day("2026-03-28"))[0])).toBe("2026-03-22");
  });
});
