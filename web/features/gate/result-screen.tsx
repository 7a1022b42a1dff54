import { useEffect, useRef } from "react";
import { itGate } from "../../i18n/it-gate";
import { formatTime } from "../../lib/format";
import type { Shown } from "./use-gate";

const t = itGate;
/** A green answer clears itself so the next car can be scanned; a red one waits for the staff. */
const OK_CLEARS_AFTER_MS = 3_000;

function reasonOf(shown: Shown): string | null {
  switch (shown.result) {
    case "already_in":
      return shown.checkedInAt ? t.reason.already_in(formatTime(shown.checkedInAt)) : null;
    case "wrong_event":
      return t.reason.wrong_event(shown.eventTitle ?? "—");
    case "not_paid":
    case "void":
    case "unknown":
    case "ambiguous":
      return t.reason[shown.result];
    default:
      return null;
  }
}

/**
 * The answer, full screen, in colours and sizes meant to be read at arm's length in sunlight:
 * white on dark green (ENTRA), dark red (refused) or dark amber (choose a pass).
 */
export function ResultScreen({ shown, onDismiss, onPick }: { shown: Shown; onDismiss: () => void; onPick: (passHash: string) => void }) {
  const ok = shown.result === "ok";
  const asking = shown.result === "ambiguous";
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    next.current?.focus();
    if (!ok) return;
    const timer = setTimeout(onDismiss, OK_CLEARS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ok, onDismiss]);

  const tone = ok ? "bg-emerald-800" : asking ? "bg-amber-800" : "bg-red-800";
  const title = ok ? (shown.direction === "out" ? t.result.okOut : t.result.ok) : t.result[shown.result];
  const reason = reasonOf(shown);

  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="gate-result-title"
      data-testid="gate-result"
      data-result={shown.result}
      className={`fixed inset-0 z-50 flex flex-col overflow-y-auto p-6 text-white ${tone}`}
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        <h2 id="gate-result-title" className="text-6xl font-black tracking-tight break-words hyphens-auto sm:text-8xl">
          {title}
        </h2>
        {shown.plate ? <p className="rounded-xl bg-white px-5 py-2 font-mono text-4xl font-black tracking-widest text-slate-950">{shown.plate}</p> : null}
        {ok && (shown.rateName || shown.customerName) ? (
          <p className="text-2xl font-bold">{[shown.rateName, shown.customerName].filter(Boolean).join(" · ")}</p>
        ) : null}
        {reason ? <p className="max-w-md text-2xl font-bold">{reason}</p> : null}
        {shown.overstayMinutes ? <p className="rounded-lg bg-amber-300 px-4 py-2 text-xl font-black text-slate-950">{t.overstay(shown.overstayMinutes)}</p> : null}
        {shown.offline ? <p className="rounded-full bg-black/30 px-4 py-1 text-base font-semibold">{t.offlineCheck}</p> : null}
        {asking && shown.candidates ? (
          <ul className="mt-2 w-full max-w-md space-y-3">
            {shown.candidates.map((c) => (
              <li key={c.passHash}>
                <button
                  type="button"
                  onClick={() => onPick(c.passHash)}
                  className="w-full rounded-2xl bg-white px-5 py-4 text-left text-slate-950 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white"
                >
                  <span className="block text-xl font-black">{c.label}</span>
                  <span className="block text-base font-medium">{c.detail}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button
        ref={next}
        type="button"
        onClick={onDismiss}
        className="mt-6 w-full rounded-2xl bg-white py-5 text-2xl font-black text-slate-950 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t.next}
      </button>
    </div>
  );
}
