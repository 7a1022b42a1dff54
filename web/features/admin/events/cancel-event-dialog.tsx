import { useAtomValue } from "jotai";
import { atomWithMutation, atomWithQuery, queryClientAtom } from "jotai-tanstack-query";
import { useMemo } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { ProgressBar } from "../../../components/progress-bar";
import { itAdmin } from "../../../i18n/it-admin";
import { client, unwrap } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { invalidateData } from "../../../entities/staff/session";
import { notifyOutcome } from "../../../lib/notify-outcome";
import { formatEuro } from "../../../../shared/lifecycle/money";

const t = itAdmin.cancelEvent;

export const progressAtom = (eventId: number) =>
  atomWithQuery(() => ({
    queryKey: [...queryKeys.admin.events, eventId, "cancellation"],
    queryFn: () => unwrap(client.api.admin.events[":id"].cancellation.$get({ param: { id: String(eventId) } })),
    // The Workflow runs on its own; the dialog follows it while it runs.
    refetchInterval: (q: { state: { data?: { progress: { status: string } | null } } }) => (q.state.data?.progress?.status === "running" ? 1500 : false),
  }));

export const seasonOutcomeAtom = (eventId: number) =>
  atomWithQuery(() => ({
    queryKey: [...queryKeys.admin.events, eventId, "cancellation", "seasons"],
    queryFn: () => unwrap(client.api.admin.events[":id"].cancellation.seasons.$get({ param: { id: String(eventId) } })),
  }));

/** What the season holders of this match get, before the admin confirms (decision 045). */
function SeasonOutcome({ eventId }: { eventId: number }) {
  const query = useAtomValue(useMemo(() => seasonOutcomeAtom(eventId), [eventId]));
  const seasons = query.data?.seasons ?? [];
  if (seasons.length === 0) return null;
  return (
    <div data-testid="season-outcome" className="mt-3 space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <p className="font-semibold">{t.seasonsTitle}</p>
      {seasons.map((s) => (
        <p key={s.seasonId}>
          {t.season(s.seasonName, s.holders)}{" "}
          {s.paidHolders === 0 ? t.seasonFree : s.policy === "share" ? t.seasonShare(formatEuro(s.refundCents, "it")) : t.seasonNone}
        </p>
      ))}
      <p>{t.seasonMail}</p>
    </div>
  );
}

const startAtom = atomWithMutation((get) => ({
  mutationFn: (eventId: number) => unwrap(client.api.admin.events[":id"].cancel.$post({ param: { id: String(eventId) } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

/** "Annulla evento": starts the cancel-event Workflow and shows "N di M rimborsate", failures and a retry. */
export function CancelEventDialog({ event, onClose }: { event: { id: number; title: string; cancelled: boolean }; onClose: () => void }) {
  const query = useAtomValue(useMemo(() => progressAtom(event.id), [event.id]));
  const start = useAtomValue(startAtom);
  const progress = query.data?.progress ?? null;
  const run = () => start.mutate(event.id, notifyOutcome(t.started, t.failed));

  return (
    <Modal
      open
      onClose={onClose}
      title={t.title(event.title)}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
          {!progress && !event.cancelled ? (
            <Button variant="danger" disabled={start.isPending} onClick={run}>
              {start.isPending ? t.starting : t.confirm}
            </Button>
          ) : progress?.status === "done" && progress.failures.length ? (
            <Button variant="danger" disabled={start.isPending} onClick={run}>
              {t.retry}
            </Button>
          ) : null}
        </div>
      }
    >
      {!progress ? (
        <>
          <p className="text-sm text-slate-700">{event.cancelled ? t.progressLoading : t.intro}</p>
          {event.cancelled ? null : <SeasonOutcome eventId={event.id} />}
        </>
      ) : (
        <div className="space-y-3" data-testid="cancel-progress">
          <p className="font-medium text-slate-900">{progress.status === "running" ? t.running : t.done}</p>
          <p className="text-sm text-slate-700">{t.progress(progress.refunded, progress.total)}</p>
          <ProgressBar value={progress.total ? (progress.refunded / progress.total) * 100 : 100} label={t.progress(progress.refunded, progress.total)} tone="emerald" />
          {progress.failures.length ? (
            <Alert tone="error" role="alert" title={t.failures}>
              <ul className="list-disc pl-4">
                {progress.failures.map((f) => (
                  <li key={f.bookingId}>
                    <span className="font-mono">{f.bookingId.slice(0, 8).toUpperCase()}</span>: {f.error}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
