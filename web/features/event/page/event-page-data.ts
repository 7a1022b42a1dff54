import { atom } from "jotai";
import { rememberLongDates } from "../../../lib/format-basic";
import type { EventDto } from "../../../entities/event/types";

/** The id of the `<script type="application/json">` the Worker puts an event page's data in. */
export const EVENT_PAGE_DATA_ID = "pe-event-data";

/** What the Worker rendered an event's page with: `event` null for the 404 screen. */
export type InjectedEventPage = {
  id: number;
  event: EventDto | null;
  /** Over at the time the Worker rendered it (an ended event keeps its page; the home drops it). */
  ended: boolean;
  longDates?: { locale: string; texts: Record<string, string> };
  /** The garage's latest notice, in the page's language, its date already written by the Worker. */
  notice?: { subject: string; body: string; createdAt: string; postedAt: string } | null;
};

function readInjected(): InjectedEventPage | null {
  const text = document.getElementById(EVENT_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as InjectedEventPage;
    // Hydrating the date as the Worker wrote it, without Intl (as on the home).
    if (data.longDates) rememberLongDates(data.longDates.locale, data.longDates.texts);
    return data;
  } catch {
    return null;
  }
}

/** The page's injected data in the browser; the Worker sets it in its own store while rendering. */
export const injectedEventPageAtom = atom<InjectedEventPage | null>(typeof document === "undefined" ? null : readInjected());
