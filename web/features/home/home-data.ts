import type { QueryClient } from "@tanstack/query-core";
import type { HomeData } from "../../../worker/api";

/** The id of the `<script type="application/json">` the Worker puts the home's data in. */
export const HOME_DATA_ID = "pe-home-data";

/** Query keys the home reads, each with its part of the injected data (same JSON as its API route). */
export function homeQueries(data: HomeData): [key: readonly unknown[], value: unknown][] {
  return [
    [["events"], data.events],
    [["categories"], data.categories],
    [["stats"], data.stats],
    [["partners"], data.partners],
    [["carousel-settings"], data.carouselSettings],
    [["live-notifications", "config"], data.liveConfig],
  ];
}

export function seedHomeQueries(queryClient: QueryClient, data: HomeData) {
  for (const [key, value] of homeQueries(data)) queryClient.setQueryData(key, value);
}

/** What the Worker puts into the home: the API's data, and the cards' dates as it formatted them. */
export type InjectedHomeData = HomeData & { longDates?: { locale: string; texts: Record<string, string> } };

/** The data the Worker injected into this page, if any (not in `npm run dev` pages or other routes). */
export function readInjectedHomeData(doc: Document = document): InjectedHomeData | null {
  const text = doc.getElementById(HOME_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as InjectedHomeData;
  } catch {
    return null;
  }
}
