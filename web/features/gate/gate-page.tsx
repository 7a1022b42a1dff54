import { useAtom, useAtomValue } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { LoadingState, Spinner } from "../../components/spinner";
import { buttonClass } from "../../components/button";
import { inputClass } from "../../components/field";
import { it } from "../../i18n/it";
import { itGate } from "../../i18n/it-gate";
import { formatTime } from "../../lib/format";
import { LoginScreen } from "../admin/auth/login-screen";
import { sessionQueryAtom } from "../admin/queries";
import { countsOf } from "./offline";
import { directionAtom, gateEventsQueryAtom, gateSummaryQueryAtom } from "./queries";
import { ResultScreen } from "./result-screen";
import { preloadReader, Scanner } from "./scanner";
import { useGate } from "./use-gate";

const t = itGate;

function Counts({ counts }: { counts: { expected: number; inside: number; exited: number } | undefined }) {
  const cells = [
    { label: t.expected, value: counts?.expected },
    { label: t.inside, value: counts?.inside },
    { label: t.exited, value: counts?.exited },
  ];
  return (
    <dl aria-label={t.countsLabel} className="grid grid-cols-3 gap-2 text-center" data-testid="gate-counts">
      {cells.map((c) => (
        <div key={c.label} className="rounded-xl bg-white/10 px-2 py-2">
          <dt className="text-xs font-semibold tracking-wide text-slate-300 uppercase">{c.label}</dt>
          <dd className="text-3xl font-black tabular-nums">{c.value ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}

function DirectionSwitch() {
  const [direction, setDirection] = useAtom(directionAtom);
  return (
    <fieldset className="grid grid-cols-2 gap-1 rounded-xl bg-white/10 p-1">
      <legend className="sr-only">{t.direction}</legend>
      {(["in", "out"] as const).map((d) => (
        <label
          key={d}
          className={`cursor-pointer rounded-lg py-2 text-center text-base font-bold has-focus-visible:outline-2 has-focus-visible:outline-white ${direction === d ? "bg-white text-slate-950" : "text-white"}`}
        >
          <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} className="sr-only" />
          {d === "in" ? t.in : t.out}
        </label>
      ))}
    </fieldset>
  );
}

function GateScreen() {
  const gate = useGate();
  const events = useAtomValue(gateEventsQueryAtom);
  const summary = useAtomValue(gateSummaryQueryAtom);
  const [plate, setPlate] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(preloadReader, []);

  const run = async (text: string, passHash?: string) => {
    setBusy(true);
    try {
      await gate.scan(text, passHash);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!plate.trim() || busy) return;
    void run(plate).then(() => setPlate(""));
  };

  const counts = gate.online && summary.data ? summary.data : gate.list ? countsOf(gate.list.passes) : undefined;

  return (
    <div className="min-h-dvh bg-slate-950 text-white">
      <div className="mx-auto max-w-xl">
        <header className="sticky top-0 z-10 space-y-3 bg-slate-950/95 px-4 pt-4 pb-3 shadow-lg">
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-black">{t.title}</h1>
            <p
              role="status"
              data-testid="gate-network"
              className={`flex-1 rounded-xl px-3 py-1.5 text-center text-base font-black ${gate.online ? (gate.queued ? "bg-amber-300 text-slate-950" : "bg-emerald-300 text-slate-950") : "bg-red-300 text-slate-950"}`}
            >
              {!gate.online ? t.offlineQueue(gate.queued) : gate.syncing ? t.syncing : gate.queued ? t.pendingQueue(gate.queued) : t.online}
            </p>
          </div>
          <div>
            <label htmlFor="gate-event" className="mb-1 block text-sm font-semibold text-slate-300">
              {t.chooseEvent}
            </label>
            <select
              id="gate-event"
              className={`${inputClass} text-base`}
              value={gate.eventId ?? ""}
              onChange={(e) => gate.setEventId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t.chooseEventPlaceholder}</option>
              {events.data?.events.map((ev) => (
                <option key={ev.id} value={ev.id}>
                  {ev.title} — {ev.isAlwaysActive || !ev.datetime ? t.alwaysActive : formatTime(ev.datetime)}
                </option>
              ))}
            </select>
            {events.data && events.data.events.length === 0 ? <p className="mt-2 text-sm text-slate-300">{t.noEvents}</p> : null}
          </div>
          {gate.eventId !== null ? (
            <>
              <Counts counts={counts} />
              <DirectionSwitch />
            </>
          ) : null}
        </header>

        {gate.eventId !== null ? (
          <main className="space-y-4 px-4 py-4">
            {gate.reports.length ? (
              <section role="alert" aria-labelledby="gate-report-title" className="rounded-2xl bg-amber-300 p-4 text-slate-950" data-testid="gate-report">
                <h2 id="gate-report-title" className="text-lg font-black">
                  {t.report.title}
                </h2>
                <ul className="mt-2 list-disc space-y-1 pl-5 font-semibold">
                  {gate.reports.map((r, i) => (
                    <li key={i}>{r}</li>
                  ))}
                </ul>
                <button type="button" onClick={gate.clearReports} className={`${buttonClass("secondary")} mt-3`}>
                  {t.report.dismiss}
                </button>
              </section>
            ) : null}

            <Scanner onCode={(code) => void run(code)} paused={gate.shown !== null || busy} />

            <form onSubmit={submit} className="space-y-2">
              <label htmlFor="gate-plate" className="block text-sm font-semibold text-slate-300">
                {t.plate}
              </label>
              <div className="flex gap-2">
                <input
                  id="gate-plate"
                  className={`${inputClass} font-mono text-xl tracking-widest uppercase sm:text-xl`}
                  placeholder={t.platePlaceholder}
                  autoCapitalize="characters"
                  autoComplete="off"
                  enterKeyHint="go"
                  maxLength={500}
                  value={plate}
                  onChange={(e) => setPlate(e.target.value.toUpperCase())}
                />
                <button type="submit" className={`${buttonClass("accent", "lg")} shrink-0`} disabled={busy || !plate.trim()}>
                  {busy ? <Spinner /> : null}
                  {busy ? t.checking : t.check}
                </button>
              </div>
            </form>

            <p className="text-sm text-slate-300" data-testid="gate-list">
              {gate.list ? t.listReady(gate.list.passes.length, formatTime(gate.list.downloadedAt)) : t.listMissing}
            </p>
          </main>
        ) : null}
      </div>

      {gate.shown ? <ResultScreen shown={gate.shown} onDismiss={gate.dismiss} onPick={(hash) => void run(gate.shown!.scan, hash)} /> : null}
    </div>
  );
}

/** /gate — phone-first check-in at the car park's entrance; staff only (admin session for now). */
export function GatePage() {
  const session = useAtomValue(sessionQueryAtom);
  if (session.isPending) return <LoadingState text={it.common.loading} />;
  if (!session.data?.authenticated) return <LoginScreen />;
  return <GateScreen />;
}
