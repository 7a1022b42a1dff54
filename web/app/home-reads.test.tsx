import { Provider, createStore } from "jotai";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { HomeData } from "../../worker/api";
import { attachQueries, createAppStore, createQueryClient } from "./query-client";
import { injectedHomeDataAtom } from "./query-layer";
import { catalogueAtom } from "../i18n/lang";
import { queryKeys } from "../lib/query-keys";
import { italianLanguage } from "../test/italian";
import { testEvent } from "../test/test-event";
import { EventGrid } from "../features/event/card/event-grid";
import { HeroStats } from "../features/home/hero";
import { homeQueries } from "../features/home/home-data";
import { homeEventsAtom, homeStatsAtom } from "./home-reads";

function homeData(title = "Concerto nel page"): HomeData {
  return {
    events: [testEvent({ title, categoryId: 1 })],
    categories: [{ id: 1, name: "Concerti", nameTranslations: {}, color: "#8B5CF6" }],
    stats: { activeEvents: 1, totalSpots: 100, occupiedSpots: 20, freeSpots: 80 },
    partners: [],
    carouselSettings: { isEnabled: false, scrollSpeed: 1, frameRate: 16 },
    liveConfig: { isEnabled: false } as HomeData["liveConfig"],
  };
}

describe("the home's reads before and after the query layer", () => {
  it("read the Worker's injected data before the query layer is there, and are pending without any", () => {
    const store = createStore();
    // Fails if the first render waited for TanStack Query: the home would hydrate to a spinner.
    expect(store.get(homeEventsAtom)).toEqual({ data: undefined, isPending: true, isError: false });
    const data = homeData();
    store.set(injectedHomeDataAtom, data);
    expect(store.get(homeEventsAtom)).toEqual({ data: data.events, isPending: false, isError: false });
    expect(store.get(homeStatsAtom).data?.freeSpots).toBe(80);
  });

  /** A hydrated home: injected data, the query layer attached, the events read as a mounted card grid reads them. */
  function attachedHome() {
    const store = createStore();
    const data = homeData();
    store.set(injectedHomeDataAtom, data);
    const client = createQueryClient();
    attachQueries(store, client, data);
    // Read as a mounted component reads it (subscribed), which is when a query observes its cache.
    store.sub(homeEventsAtom, () => undefined);
    return { store, data, client };
  }

  it("follow the query cache once it is attached, so a booking's refetch shows the new availability", async () => {
    const { store, client } = attachedHome();
    expect(store.get(homeEventsAtom).data?.[0]?.title).toBe("Concerto nel page");
    // Fails if the reads kept the injected data: the cards would never change after a booking.
    client.setQueryData(queryKeys.events, [testEvent({ title: "Dopo la prenotazione" })]);
    await new Promise((resolve) => setTimeout(resolve)); // TanStack Query notifies on the next tick
    expect(store.get(homeEventsAtom).data?.[0]?.title).toBe("Dopo la prenotazione");
  });

  it("stay on the injected data, with no query observer, until a home query changes", async () => {
    const { store, data, client } = attachedHome();
    // Fails if attaching moved every read onto the cache at once: a long task right after hydration.
    expect(client.getQueryCache().find({ queryKey: queryKeys.events })?.getObserversCount()).toBe(0);
    expect(store.get(homeEventsAtom).data).toBe(data.events);
    await client.invalidateQueries({ queryKey: queryKeys.stats, refetchType: "none" });
    // An invalidation moves them: the mounted reads observe the cache, which refetches what is stale.
    expect(client.getQueryCache().find({ queryKey: queryKeys.events })?.getObserversCount()).toBe(1);
  });

  it("render the same markup from the injected data as the Worker renders from its query cache (the hydration contract)", () => {
    const data = homeData();
    const client = createQueryClient();
    for (const [key, value] of homeQueries(data)) client.setQueryData(key, value);
    const worker = createAppStore(client, italianLanguage);
    const browser = createStore();
    browser.set(catalogueAtom, italianLanguage);
    browser.set(injectedHomeDataAtom, data);
    const html = (store: ReturnType<typeof createStore>) =>
      renderToString(
        <Provider store={store}>
          <HeroStats />
          <EventGrid />
        </Provider>,
      );
    // Fails if the two paths disagree in any field the islands show: React would re-render the page.
    expect(html(browser)).toBe(html(worker));
    expect(html(browser)).toContain("Concerto nel page");
  });
});
