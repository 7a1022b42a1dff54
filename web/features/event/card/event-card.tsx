import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { ArrowLeftIcon, CalendarIcon, ChevronDownIcon, ClockIcon, PhotoIcon, RouteIcon } from "../../../components/icons";
import { useLang, useT } from "../../../i18n/lang";
import { CARD_MAX_WIDTH_PX, EVENT_IMAGE_HEIGHT, EVENT_IMAGE_WIDTH, eventImageAspectRatio } from "../../../lib/event-image";
import {
  eventDistance,
  eventDuration,
  eventImage,
  eventWhen,
  inLanguage,
  fallbackImage,
  hasEnded,
  isSoldOut,
  lowestPayablePrice,
  needsReadMore,
  rateLabel,
} from "../../../entities/event/format";
import { WaitlistButton } from "../waitlist/waitlist-button";
import { EventStatusAlert, EventStatusBadge, PresaleButton } from "../../../entities/event/status";
import type { EventDto } from "../../../entities/event/types";
import { loadBooking, loadPresale, useEventDialogs, useOpenedOnce } from "../booking/event-dialogs";
import { eventPath } from "../../../../shared/event-path";
import { ShareButton } from "../page/share-button";

const DescriptionDialog = lazy(() => import("./description-dialog").then((m) => ({ default: m.DescriptionDialog })));

export const COLLAPSED_HEIGHT = 400;
const CARD_ACTION = "grid size-9 place-items-center rounded-full bg-white/90 text-slate-800 shadow transition hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-400";
export const EXPANDED_HEIGHT = 760;

export function CategoryTag({ category }: { category: NonNullable<EventDto["category"]> }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-900 shadow-sm">
      <span className="size-2 rounded-full" style={{ backgroundColor: category.color }} aria-hidden="true" />
      {category.name}
    </span>
  );
}

/** The event's image, else its title's bundled image, else the placeholder: each one that fails to load gives way to the next. */
export function CardImage({ event, priority }: { event: EventDto; priority: boolean }) {
  const tr = useT();
  const [failed, setFailed] = useState<string[]>([]);
  const candidates = [eventImage(event), fallbackImage(event)].filter((src): src is string => src !== null && !failed.includes(src));
  const src = candidates[0];
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The Worker's HTML starts loading the image before React hydrates: an error that came first
    // never reached onError, so a broken image is recognised by its state.
    const el = img.current;
    if (src && el?.complete && el.naturalWidth === 0) setFailed((f) => [...f, src]);
  }, [src]);
  if (!src) {
    return (
      <div className="grid size-full place-items-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400" role="img" aria-label={tr.eventCard.imagePlaceholder}>
        <PhotoIcon className="mb-10 size-14" />
      </div>
    );
  }
  return (
    <img
      key={src}
      ref={img}
      src={src}
      alt=""
      width={EVENT_IMAGE_WIDTH}
      height={EVENT_IMAGE_HEIGHT}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className="size-full object-cover"
      onError={() => setFailed((f) => [...f, src])}
    />
  );
}

/**
 * Whether the event is over. Not read in render (the server's HTML and the hydrating browser must
 * agree), but after mounting, when the card opens, and at endsAt itself while the page stays open.
 */
function useEnded(endsAt: string | null) {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    if (endsAt === null) return;
    const left = Date.parse(endsAt) - Date.now();
    if (left <= 0) {
      setEnded(true);
      return;
    }
    // setTimeout holds at most ~24.8 days; a later end is caught when the card opens.
    if (left > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setEnded(true), left);
    return () => clearTimeout(timer);
  }, [endsAt]);
  const recheck = () => setEnded(hasEnded({ endsAt }, Date.now()));
  return [ended, recheck] as const;
}

function Counter({ value, label, tone }: { value: number; label: string; tone: string }) {
  return (
    <div className={`rounded-xl px-2 py-2.5 text-center ring-1 ${tone}`}>
      <p className="text-xl font-extrabold tabular-nums">{value}</p>
      <p className="text-[11px] font-semibold tracking-wide uppercase">{label}</p>
    </div>
  );
}

function InfoRow({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-blue-50 text-blue-700">{icon}</span>
      <dt className="w-20 shrink-0 text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium text-slate-900 first-letter:uppercase">{value}</dd>
    </div>
  );
}

export function EventCard({ event: given, priority = false }: { event: EventDto; priority?: boolean }) {
  const tr = useT();
  const lang = useLang();
  const event = inLanguage(given, lang);
  const distance = eventDistance(event, lang);
  const [expanded, setExpanded] = useState(false);
  const [view, setView] = useState<"details" | "rates">("details");
  const [descriptionOpen, setDescriptionOpen] = useState(false);
  const descriptionUsed = useOpenedOnce(descriptionOpen);
  // Not useId: the card is rendered in an island apart from the rest of the tree (decision 017).
  const panelId = `event-${event.id}-panel`;
  const [ended, recheckEnded] = useEnded(event.endsAt);
  const ratesHeading = useRef<HTMLHeadingElement>(null);
  const ratesButton = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);

  const soldOut = isSoldOut(event);
  const when = eventWhen(event, tr);
  const fromPrice = lowestPayablePrice(event.rates, tr.money);
  const showPresale = event.isPrevenditaVisible && event.prevendita_price !== null;
  const { book, openPresale, dialogs } = useEventDialogs(event, showPresale);

  useEffect(() => {
    // Keyboard users land on the view they just opened.
    if (!switched.current) return;
    (view === "rates" ? ratesHeading.current : ratesButton.current)?.focus();
  }, [view]);

  const toggle = () => {
    if (!expanded) {
      recheckEnded();
      // Prefetch only: a failure here is retried when the dialog actually opens.
      loadBooking().catch(() => undefined);
      if (showPresale) loadPresale().catch(() => undefined);
    }
    setExpanded((e) => !e);
    switched.current = false;
    setView("details");
  };
  const showView = (next: "details" | "rates") => {
    switched.current = true;
    setView(next);
  };

  return (
    <article
      data-testid="event-card"
      data-expanded={expanded}
      style={{ height: expanded ? EXPANDED_HEIGHT : COLLAPSED_HEIGHT, maxWidth: CARD_MAX_WIDTH_PX }}
      className="relative mx-auto w-full overflow-clip rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition-[height,box-shadow] duration-500 ease-in-out hover:shadow-xl hover:shadow-slate-900/5 motion-reduce:transition-none"
    >
      {/* At its final height at once, while the card's own height animates and clips it: the buttons
          of an opening card are where they stay, not sliding under a finger about to lift. Clipped,
          not overflow-hidden: a hidden overflow is still scrolled by scrollIntoView and focus (a
          keyboard's Tab, an automated click), which slid the content inside the growing card. */}
      <div style={{ height: expanded ? EXPANDED_HEIGHT : COLLAPSED_HEIGHT }} className="flex flex-col">
        <div data-testid="event-image-box" style={{ aspectRatio: eventImageAspectRatio }} className="relative isolate flex shrink-0 flex-col justify-end overflow-hidden bg-slate-100">
          {/* Below the title row (negative z in the box's own stacking context), so the row can stay
              unpositioned and its button's overlay covers the whole image. */}
          <div className="absolute inset-0 -z-10">
            <CardImage event={given} priority={priority} />
          </div>
          <div className="absolute inset-0 -z-10 bg-gradient-to-t from-slate-950/85 via-slate-950/15 to-transparent" aria-hidden="true" />
          <div className="absolute top-3 left-3 flex flex-wrap gap-2">{event.category ? <CategoryTag category={event.category} /> : null}</div>
          {/* Above the title button's overlay (z-10): the page's link and the share button are their own targets. */}
          <div className="absolute top-3 right-3 z-10 flex items-center gap-2">
            <EventStatusBadge cancelled={event.cancelled} ended={ended} soldOut={soldOut} soldOutLabel={tr.eventCard.soldOut} postponed={event.postponedFrom != null} className="shadow" />
            <ShareButton title={event.title} path={eventPath(given)} className={CARD_ACTION} />
            {/* A plain link (the card is also rendered outside the router, in the Worker's home islands):
                the page loads server-rendered, with its own share card and live figures. */}
            <a href={eventPath(given)} aria-label={tr.eventPage.openPage(event.title)} title={tr.eventPage.openPage(event.title)} className={CARD_ACTION}>
              <ArrowLeftIcon className="size-5 rotate-180" />
            </a>
          </div>
          <div className="flex items-end gap-3 px-5 pb-4">
            <h3 className="min-w-0 flex-1 text-lg leading-snug font-bold text-white drop-shadow-sm">
              {/* Not the kit's Button: its click area is stretched over the whole picture (after:inset-0),
                  and its focus ring is drawn around that area rather than around the title's text. */}
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={toggle}
                className="line-clamp-2 text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-t-3xl focus-visible:after:outline-3 focus-visible:after:outline-offset-[-3px] focus-visible:after:outline-blue-400"
              >
                {event.title}
              </button>
            </h3>
            <span
              className={`grid size-9 shrink-0 place-items-center rounded-full bg-white/90 text-slate-800 shadow transition-transform duration-300 motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`}
              aria-hidden="true"
              title={expanded ? tr.eventCard.collapse : tr.eventCard.expand}
            >
              <ChevronDownIcon className="size-5" />
            </span>
          </div>
        </div>

        {/* data-keep-clear: what a fan decides by (when, how far, spots, price); the live popup and the
            chat button never lie over it on a phone (issue #48, decision 057). */}
        {!expanded ? (
          <div data-keep-clear className="space-y-1 px-5 pt-3">
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarIcon className="size-4 shrink-0 text-slate-400" />
              <span className="truncate first-letter:uppercase">{when}</span>
            </p>
            {distance ? (
              <p className="flex items-center gap-1.5 text-sm text-slate-600">
                <RouteIcon className="size-4 shrink-0 text-slate-400" />
                <span className="truncate">{distance}</span>
              </p>
            ) : null}
          </div>
        ) : null}

        {!expanded ? (
          <div data-keep-clear className="mt-auto flex items-center justify-between gap-3 px-5 pb-5">
            {event.cancelled ? (
              <span className="text-sm font-semibold text-red-700">{tr.eventCard.cancelledHint}</span>
            ) : ended ? (
              <span className="text-sm font-semibold text-slate-700">{tr.eventCard.ended}</span>
            ) : soldOut ? (
              <span className="text-sm font-semibold text-red-700">{tr.eventCard.soldOutHint}</span>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700">
                <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
                {tr.eventCard.freeSpots(event.availableSpots)}
              </span>
            )}
            {fromPrice && !ended && !event.cancelled ? <span className="shrink-0 text-base font-extrabold whitespace-nowrap text-slate-900">{tr.eventCard.fromPrice(fromPrice)}</span> : null}
          </div>
        ) : null}

        <div id={panelId} hidden={!expanded} className="relative z-10 flex min-h-0 flex-1 flex-col px-5 pt-4 pb-5">
          {expanded && view === "details" ? (
            <div className="flex min-h-0 flex-1 flex-col gap-4 transition-opacity duration-300 starting:opacity-0">
              {/* A cancelled event has no spots to offer: its counters would only mislead. */}
              {event.cancelled ? null : (
                <div className="grid grid-cols-3 gap-2">
                  <Counter value={event.counters.liberi} label={tr.eventCard.liberi} tone="bg-emerald-50 text-emerald-800 ring-emerald-200" />
                  <Counter value={event.counters.prenotati} label={tr.eventCard.prenotati} tone="bg-amber-50 text-amber-800 ring-amber-200" />
                  <Counter value={event.counters.opzionati} label={tr.eventCard.opzionati} tone="bg-slate-50 text-slate-700 ring-slate-200" />
                </div>
              )}
              {event.description ? (
                <div>
                  <p className="line-clamp-3 text-sm leading-6 text-slate-600">{event.description}</p>
                  {needsReadMore(event.description) ? (
                    <Button variant="link" size="none" onClick={() => setDescriptionOpen(true)} className="mt-0.5 text-sm">
                      {tr.eventCard.readMore}
                    </Button>
                  ) : null}
                </div>
              ) : null}
              <dl className="space-y-2">
                <InfoRow icon={<CalendarIcon className="size-4" />} label={tr.eventCard.when} value={when} />
                <InfoRow icon={<ClockIcon className="size-4" />} label={tr.eventCard.duration} value={eventDuration(event, lang)} />
                <InfoRow icon={<RouteIcon className="size-4" />} label={tr.eventCard.distance} value={distance ?? "—"} />
              </dl>
              <div className="mt-auto space-y-2">
                {event.cancelled || ended || soldOut ? (
                  <EventStatusAlert
                    cancelled={event.cancelled}
                    ended={ended}
                    soldOut={soldOut}
                    soldOutTitle={tr.eventCard.soldOut}
                    soldOutExtra={
                      <>
                        <br />
                        <WaitlistButton event={event} compact />
                      </>
                    }
                  />
                ) : (
                  <>
                    {showPresale ? <PresaleButton price={event.prevendita_price!} onClick={openPresale} className="w-full" /> : null}
                    <Button ref={ratesButton} size="lg" onClick={() => showView("rates")} disabled={event.rates.length === 0} className="w-full">
                      {tr.eventCard.rates(event.rates.length)}
                    </Button>
                  </>
                )}
              </div>
            </div>
          ) : null}

          {expanded && view === "rates" ? (
            <div className="flex min-h-0 flex-1 flex-col gap-3 transition-opacity duration-300 starting:opacity-0">
              <h4 ref={ratesHeading} tabIndex={-1} className="text-sm font-bold tracking-wide text-slate-900 uppercase outline-none">
                {tr.eventCard.selectRate}
              </h4>
              <ul className="-mx-1 min-h-0 flex-1 space-y-2 overflow-y-auto px-1 py-1">
                {event.rates.length === 0 ? <li className="text-sm text-slate-600">{tr.eventCard.noRates}</li> : null}
                {event.rates.map((rate) => (
                  <li key={rate.id}>
                    <Button
                      variant="bare"
                      size="none"
                      onClick={(e) => book(rate, e.currentTarget)}
                      title={rate.name}
                      className="group flex w-full items-center gap-3 rounded-2xl bg-white p-3.5 text-left ring-1 ring-slate-200 hover:bg-blue-50/60 hover:ring-blue-300"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-slate-900">{rateLabel(rate)}</span>
                        {rate.description ? <span className="block truncate text-xs text-slate-500">{rate.description}</span> : null}
                        {!rate.isPayable ? (
                          <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-600">{tr.eventCard.notPayable}</span>
                        ) : null}
                      </span>
                      <span className="text-lg font-extrabold text-slate-900 tabular-nums">{tr.money(rate.price)}</span>
                    </Button>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" onClick={() => showView("details")} className="w-full">
                {tr.eventCard.backToDetails}
              </Button>
            </div>
          ) : null}
        </div>
      </div>

      <Suspense fallback={null}>
        {dialogs}
        {descriptionUsed ? (
          <DescriptionDialog title={event.title} description={event.description} open={descriptionOpen} onClose={() => setDescriptionOpen(false)} />
        ) : null}
      </Suspense>
    </article>
  );
}
