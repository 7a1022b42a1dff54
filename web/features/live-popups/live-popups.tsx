import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { CloseIcon } from "../../components/icons";
import { it } from "../../i18n/it";
import { formatTimeAgo } from "../../lib/format";
import { liveActivityQueryAtom, liveConfigQueryAtom } from "./queries";
import { FIRST_POPUP_MAX_DELAY_MS, nextActivity, popupDurationMs } from "./schedule";

type Activity = { id: string; firstName: string; eventTitle: string; paidAt: string };

/** Bottom-left popups announcing real recent bookings under a pseudonym (DESIGN.md, "Honest numbers"). */
export function LivePopups() {
  const config = useAtomValue(liveConfigQueryAtom).data;
  const activity = useAtomValue(liveActivityQueryAtom).data;
  const [current, setCurrent] = useState<Activity | null>(null);
  const [visible, setVisible] = useState(false);
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

  return (
    <div aria-live="polite" aria-label={it.livePopups.region} role="region" className="pointer-events-none fixed bottom-4 left-4 z-30 w-[min(22rem,calc(100vw-6.5rem))] sm:bottom-6 sm:left-6 print:hidden">
      {current && visible ? (
        <div
          key={current.id}
          data-testid="live-popup"
          className="pointer-events-auto flex items-start gap-3 rounded-2xl bg-white p-3.5 shadow-2xl ring-1 shadow-slate-900/15 ring-slate-200 transition duration-300 starting:translate-y-3 starting:opacity-0"
        >
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-gradient-to-br from-blue-500 to-blue-700 font-bold text-white" aria-hidden="true">
            {current.firstName[0]}
          </span>
          <p className="min-w-0 flex-1 text-sm text-slate-700">
            <span className="font-bold text-slate-900">{current.firstName}</span> {it.livePopups.justBooked}{" "}
            <span className="line-clamp-2 font-semibold text-slate-900">{current.eventTitle}</span>
            <span className="mt-0.5 block text-xs text-slate-500">{formatTimeAgo(current.paidAt, Date.now())}</span>
          </p>
          <button type="button" onClick={() => setVisible(false)} aria-label={it.livePopups.close} className="-m-1 rounded-lg p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
