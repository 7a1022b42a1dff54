import { useAtom, useAtomValue } from "jotai";
import { queryClientAtom } from "jotai-tanstack-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { LoadingState, Spinner } from "../../components/spinner";
import { Button } from "../../components/button";
import { inputClass } from "../../components/field";
import { it } from "../../i18n/it";
import { itGate } from "../../i18n/it-gate";
import { formatTime } from "../../lib/format";
import { ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { logoutAtom, sessionQueryAtom } from "../../entities/staff/session";
import { installGateApp } from "./gate-app";
import { GateLogin } from "./gate-login";
import { countsOf } from "./offline";
import { directionAtom, gateEventIdAtom, gateEventsQueryAtom, gateSummaryQueryAtom, knownEventsAtom } from "./queries";
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
          className={`flex min-h-12 cursor-pointer items-center justify-center rounded-lg text-center text-lg font-black has-focus-visible:outline-2 has-focus-visible:outline-white ${direction === d ? "bg-white text-slate-950" : "text-white"}`}
        >
          <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} className="sr-only" />
          {d === "in" ? t.in : t.out}
        </label>
      ))}
    </fieldset>
  );
}

/** A shared phone changes hands between shifts: the gate signs out like the admin does. */
function LogoutButton({ online }: { online: boolean }) {
  const logout = useAtomValue(logoutAtom);
  return (
    // Offline the server cannot end the session, and the sign-in would not work until the signal is back.
    <Button variant="dark" size="sm" className="shrink-0 ring-1 ring-white/30" onClick={() => logout.mutate()} disabled={!online || logout.isPending}>
      {t.logout}
    </Button>
  );
}

function GateScreen() {
  const gate = useGate();
  const events = useAtomValue(gateEventsQueryAtom);
  const [knownEvents, setKnownEvents] = useAtom(knownEventsAtom);
  const summary = useAtomValue(gateSummaryQueryAtom);
  const now = useMinuteClock();
  useEffect(() => {
    if (events.data) setKnownEvents(events.data.events);
  }, [events.data, setKnownEvents]);
  // Offline the server cannot list the events: the last list it gave names the chosen one.
  const eventOptions = events.data?.events ?? knownEvents;
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
              {!gate.online
                ? t.offlineQueue(gate.queued)
                : gate.progress
                  ? t.sendingCount(gate.progress.done, gate.progress.total)
                  : gate.syncing
                    ? t.syncing
                    : gate.queued
                      ? t.pendingQueue(gate.queued)
                      : gate.synced
                        ? t.synced(gate.synced)
                        : t.online}
            </p>
            <LogoutButton online={gate.online} />
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
              {eventOptions.map((ev) => (
                <option key={ev.id} value={ev.id}>
                  {ev.title} — {ev.isAlwaysActive || !ev.datetime ? t.alwaysActive : formatTime(ev.datetime)}
                </option>
              ))}
            </select>
            {eventOptions.length === 0 && !events.isPending ? <p className="mt-2 text-sm text-slate-300">{t.noEvents}</p> : null}
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
                <Button variant="secondary" onClick={gate.clearReports} className="mt-3">
                  {t.report.dismiss}
                </Button>
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
                <Button type="submit" variant="accent" size="lg" className="min-h-14 shrink-0 text-lg" disabled={busy || !plate.trim()}>
                  {busy ? <Spinner /> : null}
                  {busy ? t.checking : t.check}
                </Button>
              </div>
            </form>

            <ListAge list={gate.list} now={now} online={gate.online} />
          </main>
        ) : null}
      </div>

      {gate.shown ? <ResultScreen shown={gate.shown} onDismiss={gate.dismiss} onPick={(hash) => void run(gate.shown!.scan, hash)} /> : null}
    </div>
  );
}

/** A list older than this, offline, is flagged: passes bought or cancelled since are not on it. */
const LIST_OLD_AFTER_MIN = 30;

function ListAge({ list, now, online }: { list: { passes: unknown[]; downloadedAt: string } | null; now: number; online: boolean }) {
  if (!list) return <p className="text-base text-slate-200" data-testid="gate-list">{t.listMissing}</p>;
  const minutes = Math.max(0, Math.floor((now - Date.parse(list.downloadedAt)) / 60_000));
  const old = !online && minutes >= LIST_OLD_AFTER_MIN;
  return (
    <p className={`rounded-xl px-3 py-2 text-base font-semibold ${old ? "bg-amber-300 text-slate-950" : "text-slate-200"}`} data-testid="gate-list">
      {t.listReady(list.passes.length, formatTime(list.downloadedAt))} · <span data-testid="gate-list-age">{t.listAge(minutes)}</span>
      {old ? ` — ${t.listOld}` : null}
    </p>
  );
}

/** Now, moving every 30 s: enough for "aggiornato N minuti fa". */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const isNetworkFailure = (err: unknown) => err != null && !(err instanceof ApiError);

/**
 * /gate — phone-first check-in at the car park's entrance, for staff of any role. Installable,
 * and opening without signal on its event, its list and its queue (docs/decisions/027-gate-app.md).
 */
export function GatePage() {
  const session = useAtomValue(sessionQueryAtom);
  const eventId = useAtomValue(gateEventIdAtom);
  const queryClient = useAtomValue(queryClientAtom);
  const [online, setOnline] = useState(() => navigator.onLine);
  const working = useRef(false);
  useEffect(installGateApp, []);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      // The session could not be asked while offline: ask now.
      if (session.isError) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
    };
  }, [queryClient, session.isError]);
  // Back online the session is asked again and is pending meanwhile: a screen already at work stays
  // mounted, or its state would go mid-sync (the count of scans sent, the answer on screen).
  if (session.isPending && !working.current) return <LoadingState text={it.common.loading} />;
  // Without signal the server cannot confirm the session; a phone that already works on an event
  // keeps working on its own list and queue, which only the server can turn into entries.
  const offlineAtWork = session.isError && isNetworkFailure(session.error) && eventId !== null;
  if (!session.isPending && !offlineAtWork && !session.data?.authenticated) {
    working.current = false;
    return <GateLogin offline={!online || isNetworkFailure(session.error)} />;
  }
  working.current = true;
  return <GateScreen />;
}
