import { useAtomValue } from "jotai";
import { Suspense, useEffect, useState } from "react";
import { useParams } from "react-router";
import { AppLink } from "../../../components/app-link";
import { GarageNotice } from "../../../components/garage-notice";
import { Button } from "../../../components/button";
import { CalendarIcon, ClockIcon, MapPinIcon, RouteIcon } from "../../../components/icons";
import { NotFoundPage } from "../../../components/not-found-page";
import { LoadingState } from "../../../components/spinner";
import { useLang, useT } from "../../../i18n/lang";
import { eventImageAspectRatio } from "../../../lib/event-image";
import { eventDistance, eventDuration, eventWhen, hasEnded, inLanguage, isSoldOut } from "../../../entities/event/format";
import { WaitlistButton } from "../waitlist/waitlist-button";
import { EventStatusAlert, EventStatusBadge, PresaleButton } from "../../../entities/event/status";
import { CardImage, CategoryTag } from "../card/event-card";
import type { EventDto, RateDto } from "../../../entities/event/types";
import { homeEventsAtom } from "../../../app/home-reads";
import { garage } from "../../../../shared/garage";
import { PublicLayout } from "../../../components/layout/public-layout";
import { eventPath, parseEventSegment } from "../../../../shared/event-path";
import { injectedEventPageAtom, type InjectedEventPage } from "./event-page-data";
import { useEventDialogs } from "../booking/event-dialogs";
import { ShareButton } from "./share-button";

/**
 * The event this page shows: the one the Worker rendered it with until the live list (the home's
 * query, loaded after hydration) has it; on a page reached inside the app, the list alone.
 */
type PageNotice = NonNullable<InjectedEventPage["notice"]>;

function usePageEvent(): { state: "loading" } | { state: "missing" } | { state: "found"; event: EventDto; ended: boolean; notice?: PageNotice | null } {
  const segment = parseEventSegment(useParams().segment ?? "");
  const injected = useAtomValue(injectedEventPageAtom);
  const list = useAtomValue(homeEventsAtom);
  if (!segment) return { state: "missing" };
  const rendered = injected?.id === segment.id ? injected : null;
  if (rendered && rendered.event === null) return { state: "missing" };
  const live = list.data?.find((e) => e.id === segment.id);
  if (rendered?.event) return { state: "found", event: live ?? rendered.event, ended: rendered.ended, notice: rendered.notice };
  if (live) return { state: "found", event: live, ended: false };
  return list.isPending ? { state: "loading" } : { state: "missing" };
}

export function EventPage() {
  const found = usePageEvent();
  const tr = useT();
  if (found.state === "missing") return <NotFoundPage />;
  if (found.state === "loading") {
    return (
      <PublicLayout>
        <LoadingState text={tr.common.loading} />
      </PublicLayout>
    );
  }
  return <EventPageBody given={found.event} endedWhenRendered={found.ended} notice={found.notice ?? null} />;
}

function InfoRow({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    // dt and dd are the div's own children (axe's dlitem rule): the icon spans their two rows.
    <div className="grid grid-cols-[2rem_minmax(0,1fr)] items-start gap-x-3">
      <span className="row-span-2 grid size-8 place-items-center rounded-lg bg-blue-50 text-blue-700" aria-hidden="true">
        {icon}
      </span>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm font-medium text-slate-900 first-letter:uppercase">{value}</dd>
    </div>
  );
}

function RateRow({ rate, onBook, disabled }: { rate: RateDto; onBook: (opener: EventTarget) => void; disabled: boolean }) {
  const tr = useT();
  return (
    // The whole row, its name and price too, stays clear of the floating chat button (decision 057).
    <li data-keep-clear className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{rate.name}</p>
        {rate.description ? <p className="text-sm text-slate-600">{rate.description}</p> : null}
        {!rate.isPayable ? <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-600">{tr.eventCard.notPayable}</span> : null}
      </div>
      <p className="text-lg font-extrabold text-slate-900 tabular-nums">{tr.money(rate.price)}</p>
      {disabled ? null : (
        <Button onClick={(e) => onBook(e.currentTarget)} aria-label={`${tr.eventPage.book}: ${rate.name}`}>
          {tr.eventPage.book}
        </Button>
      )}
    </li>
  );
}

function EventPageBody({ given, endedWhenRendered, notice }: { given: EventDto; endedWhenRendered: boolean; notice: PageNotice | null }) {
  const tr = useT();
  const lang = useLang();
  const event = inLanguage(given, lang);
  const distance = eventDistance(event, lang);
  // Over while the page stays open: checked after hydration (the server's HTML said what it knew).
  const [endedNow, setEndedNow] = useState(false);
  useEffect(() => {
    const check = () => setEndedNow(hasEnded(event, Date.now()));
    check();
    const timer = setInterval(check, 60_000);
    return () => clearInterval(timer);
  }, [event.endsAt]);
  useEffect(() => {
    const before = document.title;
    document.title = tr.eventPage.title(event.title);
    return () => {
      document.title = before;
    };
  }, [event.title, tr]);

  const ended = endedWhenRendered || endedNow;
  const soldOut = isSoldOut(event);
  const selling = !event.cancelled && !ended && !soldOut;
  const showPresale = selling && event.isPrevenditaVisible && event.prevendita_price !== null;
  const { book, openPresale, dialogs } = useEventDialogs(event, showPresale);

  const status = (
    <>
      <EventStatusAlert cancelled={event.cancelled} ended={ended} soldOut={soldOut} soldOutTitle={tr.eventPage.soldOut} />
      {soldOut && !event.cancelled && !ended ? <WaitlistButton event={event} /> : null}
    </>
  );

  return (
    <PublicLayout>
      <article data-testid="event-page" className="bg-slate-50 py-8 sm:py-12">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <AppLink to="/#eventi" className="text-sm font-semibold text-blue-700 hover:underline">
            {tr.eventPage.allEvents}
          </AppLink>
          <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div style={{ aspectRatio: eventImageAspectRatio }} className="relative overflow-hidden rounded-3xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
              <CardImage event={given} priority />
              <div className="absolute top-3 left-3">{event.category ? <CategoryTag category={event.category} /> : null}</div>
            </div>
            <div className="flex flex-col gap-5">
              <div>
                <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{event.title}</h1>
                <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
                  {event.cancelled || ended || soldOut ? (
                    <EventStatusBadge cancelled={event.cancelled} ended={ended} soldOut={soldOut} soldOutLabel={tr.eventPage.soldOut} postponed={event.postponedFrom != null} />
                  ) : (
                    <span data-testid="free-spots" className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
                      <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                      {tr.eventPage.spotsLeft(event.availableSpots)}
                    </span>
                  )}
                  <ShareButton
                    title={event.title}
                    path={eventPath(given)}
                    className="inline-flex items-center gap-2 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    {tr.eventPage.share}
                  </ShareButton>
                </p>
              </div>
              <dl className="grid gap-3 sm:grid-cols-2">
                <InfoRow icon={<CalendarIcon className="size-4" />} label={tr.eventCard.when} value={eventWhen(event, tr)} />
                <InfoRow icon={<ClockIcon className="size-4" />} label={tr.eventCard.duration} value={eventDuration(event, lang)} />
                <InfoRow icon={<MapPinIcon className="size-4" />} label={tr.eventPage.where} value={`${garage.name}, ${garage.address}`} />
                {distance ? <InfoRow icon={<RouteIcon className="size-4" />} label={tr.eventCard.distance} value={distance} /> : null}
              </dl>
              {event.description ? <p className="text-sm leading-7 whitespace-pre-line text-slate-700">{event.description}</p> : null}
              {status}
              {notice && !ended ? <GarageNotice testId="event-notice" {...notice} /> : null}
            </div>
          </div>

          {event.cancelled || ended ? null : (
            <section aria-labelledby="tariffe-title" className="mt-10">
              <h2 id="tariffe-title" className="text-xl font-bold text-slate-900">
                {tr.eventPage.ratesTitle}
              </h2>
              {showPresale ? (
                <PresaleButton
                  price={event.prevendita_price!}
                  onClick={openPresale}
                  className="mt-4 w-full sm:w-auto"
                />
              ) : null}
              <ul className="mt-4 space-y-3">
                {event.rates.length === 0 ? <li className="text-sm text-slate-600">{tr.eventCard.noRates}</li> : null}
                {event.rates.map((rate) => (
                  <RateRow key={rate.id} rate={rate} onBook={(opener) => book(rate, opener)} disabled={!selling} />
                ))}
              </ul>
            </section>
          )}
        </div>
      </article>
      <Suspense fallback={null}>{dialogs}</Suspense>
    </PublicLayout>
  );
}
