import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from "react";
import { CloseIcon } from "../../components/icons";
import { useT } from "../../i18n/lang";
import { coversControl } from "../../lib/covers-control";
import { formatTimeAgo } from "../../lib/format-basic";
import { useLiveFeed } from "./live-feed";
import { FIRST_POPUP_MAX_DELAY_MS, isJustBooked, nextActivity, popupDurationMs, SWIPE_DISMISS_PX } from "./schedule";
import { IconButton } from "../../components/icon-button";

type Activity = { id: string; firstName: string; eventTitle: string; paidAt: string };
type Place = "bottom" | "top";

const GAP_PX = 8;
const BOTTOM_PX = 16;
const RECHECK_MS = 250;

function verticalStyle(place: Place, topPx: number): { top: string; bottom: string } {
  return place === "top" ? { top: `${topPx}px`, bottom: "auto" } : { top: "auto", bottom: `${BOTTOM_PX}px` };
}

/** Just under the sticky header: the other place a popup may sit. */
function topOffset(): number {
  const header = document.querySelector("header");
  return Math.max(0, header?.getBoundingClientRect().bottom ?? 0) + GAP_PX;
}

/**
 * Popups announcing real recent bookings under a pseudonym (DESIGN.md, "Honest numbers"). A popup
 * never lies over a control: bottom-left if that is free, else under the header, else it waits
 * hidden; it can be closed or swiped away.
 */
export function LivePopups() {
  const tr = useT();
  const { config, activity } = useLiveFeed();
  const [current, setCurrent] = useState<Activity | null>(null);
  const [visible, setVisible] = useState(false);
  const [place, setPlace] = useState<Place>("bottom");
  const [blocked, setBlocked] = useState(false);
  const [top, setTop] = useState(0);
  const [drag, setDrag] = useState<{ startX: number; dx: number } | null>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const list = useRef<Activity[]>([]);
  const shown = useRef(new Set<string>());
  list.current = activity ?? [];

  const enabled = config?.isEnabled === true;
  const frequency = config?.frequency ?? 10_000;

  useEffect(() => {
    if (!enabled) {
      setVisible(false);
      return;
    }
    const duration = popupDurationMs(frequency);
    let hide: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      if (document.hidden) return;
      const next = nextActivity(list.current, shown.current);
      if (!next) return;
      shown.current.add(next.id);
      setCurrent(next);
      setPlace("bottom");
      setBlocked(false);
      setDrag(null);
      setVisible(true);
      clearTimeout(hide);
      hide = setTimeout(() => setVisible(false), duration);
    };
    const first = setTimeout(tick, Math.min(frequency, FIRST_POPUP_MAX_DELAY_MS));
    const every = setInterval(tick, frequency);
    return () => {
      clearTimeout(first);
      clearInterval(every);
      clearTimeout(hide);
    };
  }, [enabled, frequency]);

  // Find a free place before the first paint, and again while the page scrolls or changes under it.
  useLayoutEffect(() => {
    if (!visible || !current) return;
    const place = () => {
      const popup = popupRef.current;
      if (!popup) return;
      const offset = topOffset();
      for (const candidate of ["bottom", "top"] as const) {
        Object.assign(popup.style, verticalStyle(candidate, offset));
        if (!coversControl(popup)) {
          setPlace(candidate);
          setTop(offset);
          setBlocked(false);
          return;
        }
      }
      setBlocked(true);
    };
    place();
    const every = setInterval(place, RECHECK_MS);
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      clearInterval(every);
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [visible, current]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ startX: e.clientX, dx: 0 });
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, dx: e.clientX - drag.startX });
  };
  const onPointerEnd = () => {
    if (drag && Math.abs(drag.dx) > SWIPE_DISMISS_PX) setVisible(false);
    setDrag(null);
  };

  return (
    <div aria-live="polite" aria-label={tr.livePopups.region} role="region" className="print:hidden">
      {current && visible ? (
        <div
          key={current.id}
          ref={popupRef}
          data-testid="live-popup"
          data-place={place}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          style={{
            ...verticalStyle(place, top),
            transform: drag ? `translateX(${drag.dx}px)` : undefined,
            opacity: drag ? Math.max(0.2, 1 - Math.abs(drag.dx) / 200) : undefined,
            visibility: blocked ? "hidden" : undefined,
          }}
          className={`fixed z-30 flex w-[min(22rem,calc(100vw-6.5rem))] touch-pan-y items-start gap-3 rounded-2xl bg-white p-3.5 shadow-2xl ring-1 shadow-slate-900/15 ring-slate-200 left-4 select-none sm:left-6 ${drag ? "" : "transition duration-300 starting:translate-y-3 starting:opacity-0"}`}
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-br from-blue-500 to-blue-700 font-bold text-white" aria-hidden="true">
            {current.firstName[0]}
          </span>
          <p className="min-w-0 flex-1 text-sm text-slate-700">
            <span className="font-bold text-slate-900">{current.firstName}</span>{" "}
            {isJustBooked(current.paidAt, Date.now()) ? tr.livePopups.justBooked : tr.livePopups.booked}{" "}
            <span className="line-clamp-2 font-semibold text-slate-900">{current.eventTitle}</span>
            <span className="mt-0.5 block text-xs text-slate-500">{formatTimeAgo(current.paidAt, Date.now(), tr.dates)}</span>
          </p>
          <IconButton small label={tr.livePopups.close} onClick={() => setVisible(false)} className="-m-1">
            <CloseIcon className="size-4" />
          </IconButton>
        </div>
      ) : null}
    </div>
  );
}
