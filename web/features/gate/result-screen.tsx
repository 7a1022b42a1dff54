import { Button } from "../../components/button";
import { useEffect, useRef } from "react";
import { itGate } from "../../i18n/it-gate";
import { formatTime } from "../../lib/format";
import { passesCar as passes, type Shown } from "./use-gate";

const t = itGate;
/** A green answer clears itself so the next car can be scanned; a red one waits for the staff. */
const OK_CLEARS_AFTER_MS = 3_000;
/** An amber exit (no entry on record) never holds the car up either, but stays a little longer. */
const AMBER_CLEARS_AFTER_MS = 5_000;

function reasonOf(shown: Shown): string | null {
  switch (shown.result) {
    case "reread":
      return shown.checkedInAt ? t.reason.reread(formatTime(shown.checkedInAt)) : null;
    case "no_entry":
      return t.reason.no_entry;
    case "already_in":
      return shown.checkedInAt ? t.reason.already_in(formatTime(shown.checkedInAt)) : null;
    case "wrong_event":
      return shown.eventTitle ? t.reason.wrong_event(shown.eventTitle) : t.reason.wrongEventOtherDay;
    case "not_paid":
    case "void":
    case "unknown":
    case "ambiguous":
      return t.reason[shown.result];
    default:
      return null;
  }
}

/** The answer's colours: each pair ≥ 7:1 (WCAG AAA), for sunlight (result-screen.test.ts). */
const TONES = {
  green: { className: "bg-green-900 text-white", bg: "green-900", fg: "white" },
  amber: { className: "bg-amber-300 text-slate-950", bg: "amber-300", fg: "slate-950" },
  red: { className: "bg-red-900 text-white", bg: "red-900", fg: "white" },
} as const;

const toneOf = (result: Shown["result"]): keyof typeof TONES =>
  result === "ok" || result === "reread" ? "green" : result === "no_entry" || result === "ambiguous" ? "amber" : "red";

/**
 * The answer, full screen, in colours and sizes meant to be read at arm's length in sunlight:
 * white on dark green (ENTRA, and the same pass read again), dark text on amber (an exit without an
 * entry, choose a pass), white on dark red (refused).
 */
export function ResultScreen({ shown, onDismiss, onPick }: { shown: Shown; onDismiss: () => void; onPick: (passHash: string) => void }) {
  const tone = toneOf(shown.result);
  const ok = tone === "green";
  const asking = shown.result === "ambiguous";
  const next = useRef<HTMLButtonElement>(null);
  const clearsAfter = ok ? OK_CLEARS_AFTER_MS : shown.result === "no_entry" ? AMBER_CLEARS_AFTER_MS : null;

  useEffect(() => {
    next.current?.focus();
    if (clearsAfter == null) return;
    const timer = setTimeout(onDismiss, clearsAfter);
    return () => clearTimeout(timer);
  }, [clearsAfter, onDismiss]);

  const title = shown.result === "ok" ? (shown.direction === "out" ? t.result.okOut : t.result.ok) : t.result[shown.result];
  const reason = reasonOf(shown);

  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="gate-result-title"
      data-testid="gate-result"
      data-result={shown.result}
      className={`fixed inset-0 z-50 flex flex-col overflow-y-auto p-6 ${TONES[tone].className}`}
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
        {/* Sized by the screen's width so the longest word (SCONOSCIUTO, 11 letters) fits a 360 px phone whole. */}
        <h2 id="gate-result-title" className="w-full text-[min(3.75rem,10vw)] leading-tight font-black tracking-tight break-words sm:text-8xl">
          {title}
        </h2>
        {shown.plate ? <p className="rounded-xl bg-white px-5 py-2 font-mono text-4xl font-black tracking-widest text-slate-950">{shown.plate}</p> : null}
        {passes(shown.result) && (shown.rateName || shown.customerName) ? (
          <p className="text-2xl font-bold">{[shown.rateName, shown.customerName].filter(Boolean).join(" · ")}</p>
        ) : null}
        {reason ? <p className="max-w-md text-2xl font-bold">{reason}</p> : null}
        {shown.overstayMinutes ? (
          <p className="rounded-lg bg-white px-4 py-2 text-2xl font-black text-slate-950" data-testid="gate-overstay">
            {t.overstay(shown.overstayMinutes)}
          </p>
        ) : null}
        {shown.offline ? <p className={`rounded-full px-4 py-1 text-lg font-bold ${tone === "amber" ? "bg-slate-950 text-white" : "bg-white text-slate-950"}`}>{t.offlineCheck}</p> : null}
        {asking && shown.candidates ? (
          <ul className="mt-2 w-full max-w-md space-y-3">
            {shown.candidates.map((c) => (
              <li key={c.passHash}>
                <Button variant="light" size="none" onClick={() => onPick(c.passHash)} className="min-h-16 w-full rounded-2xl px-5 py-4 ring-2 ring-slate-950">
                  <span className="w-full text-left">
                    <span className="block text-xl font-black">{c.label}</span>
                    <span className="block text-base font-medium">{c.detail}</span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button ref={next} variant={tone === "amber" ? "ink" : "light"} size="none" onClick={onDismiss} className="mt-6 min-h-20 w-full rounded-2xl py-5 text-3xl font-black">
        {t.next}
      </Button>
    </div>
  );
}
