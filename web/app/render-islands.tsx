/**
 * The one entry through which the Worker reaches the web (worker/services/islands.ts imports it, and
 * nothing else in worker/ imports web/): the server renders of the home's islands and of an event's
 * page with the same components the browser hydrates, and the display helpers their <head>s share.
 */
import { createStore, Provider } from "jotai";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import { EVENT_PAGE_ROUTE } from "../../shared/event-path";
import type { Lang } from "../../shared/lang";
import type { HomeData } from "../../worker/api";
import { NotFoundPage } from "../components/not-found-page";
import { EventPage } from "../features/event/page/event-page";
import { injectedEventPageAtom, type InjectedEventPage } from "../features/event/page/event-page-data";
import { EventGrid } from "../features/event/card/event-grid";
import { HeroStats } from "../features/home/hero";
import { seedHomeQueries, type InjectedHomeData } from "../features/home/home-data";
import { PartnerCarousel } from "../features/home/partner-carousel";
import { PartnerSlot } from "../features/home/partner-slot";
import type { Catalogue } from "../i18n/catalogue";
import { catalogues } from "../i18n/catalogues";
import { catalogueAtom } from "../i18n/lang";
import { formatLongDateTime } from "../lib/format-basic";
import { createAppStore, createQueryClient } from "./query-client";
import { RouteFrame } from "./route-frame";
import { StaticAppLocation } from "./app-location";

export { EVENT_PAGE_DATA_ID, type InjectedEventPage } from "../features/event/page/event-page-data";
export { eventWhen, fallbackImage, inLanguage } from "../entities/event/format";
export { HOME_DATA_ID, type InjectedHomeData } from "../features/home/home-data";
export type { Catalogue } from "../i18n/catalogue";
export { formatLongDateTime } from "../lib/format-basic";

export const catalogueFor = (lang: Lang): Catalogue => catalogues[lang];

/** React puts an image's preload (fetchpriority high) before a render's markup: split it off for <head>. */
function splitPreloads(rendered: string): { preloads: string; html: string } {
  const [, preloads, html] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(rendered)!;
  return { preloads, html };
}

/** The parts of the prerendered home that show the request's data, by their `data-island` name. */
const HOME_ISLANDS: Record<string, () => ReactElement> = {
  "hero-stats": () => <HeroStats />,
  partners: () => <PartnerSlot Carousel={PartnerCarousel} />,
  events: () => <EventGrid />,
};

/** The `data-island` names the server fills, in the shell's order of rendering. */
export const HOME_ISLAND_NAMES: readonly string[] = Object.keys(HOME_ISLANDS);

/** The home's islands rendered with `data`, the preloads they ask for, and the data as the browser reads it back. */
export function renderHomeIslands(data: HomeData, lang: Lang): { islands: Record<string, string>; preloads: string; injected: InjectedHomeData } {
  const queryClient = createQueryClient();
  seedHomeQueries(queryClient, data);
  const t = catalogueFor(lang);
  const store = createAppStore(queryClient, { lang, t });
  // The cards' dates as rendered here: the browser hydrates them without starting Intl.
  const longDates = { locale: t.dates.locale, texts: Object.fromEntries(data.events.flatMap((e) => (e.datetime ? [[e.datetime, formatLongDateTime(e.datetime, t.dates)]] : []))) };
  const islands: Record<string, string> = {};
  let preloads = "";
  for (const [name, render] of Object.entries(HOME_ISLANDS)) {
    const part = splitPreloads(renderToString(<Provider store={store}>{render()}</Provider>));
    preloads += part.preloads;
    islands[name] = part.html;
  }
  return { islands, preloads, injected: { ...data, longDates } };
}

/** An event's page (or the 404 screen when `injected.event` is null) inside the app's route frame, as the browser hydrates it. */
export function renderEventRoute(path: string, lang: Lang, injected: InjectedEventPage): { preloads: string; html: string } {
  const store = createStore();
  store.set(catalogueAtom, { lang, t: catalogueFor(lang) });
  store.set(injectedEventPageAtom, injected);
  return splitPreloads(
    renderToString(
      <Provider store={store}>
        <StaticAppLocation path={path}>
          <RouteFrame>
            <StaticRouter location={path}>
              <Routes>
                <Route path={EVENT_PAGE_ROUTE} element={<EventPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </StaticRouter>
          </RouteFrame>
        </StaticAppLocation>
      </Provider>,
    ),
  );
}
