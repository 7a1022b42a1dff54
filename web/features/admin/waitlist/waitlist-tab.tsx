import { useAtomValue } from "jotai";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { TextField } from "../../../components/field";
import { notify } from "../../../components/notify";
import { LoadingState } from "../../../components/spinner";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatShortDateTime } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { ListState } from "../components/list-state";
import { stateTone, WaitlistEntriesCard } from "./waitlist-entries-card";
import { saveWaitlistSettingsAtom, waitlistQueryAtom, waitlistSettingsQueryAtom, waitlistsQueryAtom, type WaitlistSummary } from "./queries";

const t = itAdmin.waitlist;


function OfferTime() {
  const settings = useAtomValue(waitlistSettingsQueryAtom);
  const { mutateAsync, isPending } = useAtomValue(saveWaitlistSettingsAtom);
  const [minutes, setMinutes] = useState("");
  useEffect(() => {
    if (settings.data) setMinutes(String(settings.data.offerMinutes));
  }, [settings.data]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await mutateAsync(Number(minutes));
      notify.success(t.saved);
    } catch (err) {
      notify.error(t.saveFailed, errorMessage(err, t.saveFailed));
    }
  };
  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-3 px-5 py-4" aria-label={t.settingsTitle}>
      <TextField className="w-32" label={t.offerMinutes} name="offerMinutes" inputMode="numeric" value={minutes} onChange={setMinutes} />
      <Button type="submit" disabled={isPending || !settings.data}>
        {t.save}
      </Button>
      <p className="basis-full text-xs text-slate-600">{t.offerMinutesHint}</p>
    </form>
  );
}

function Entries({ eventId }: { eventId: number }) {
  const query = useAtomValue(useMemo(() => waitlistQueryAtom(eventId), [eventId]));
  if (!query.data) return <LoadingState text={it.common.loading} />;
  return (
    <ol className="space-y-2" data-testid="waitlist-entries">
      {query.data.entries.map((e) => (
        <li key={e.id} className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-slate-900">{e.position ? t.position(e.position) : "—"}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateTone[e.state]}`}>{t.states[e.state]}</span>
          </div>
          <p className="mt-1 font-medium break-all text-slate-900">{e.email}</p>
          <p className="mt-0.5 text-slate-700">
            <span className="font-mono font-bold tracking-wider">{e.licensePlate}</span> · {e.rateName} · {formatEuro(e.price, "it")} · {e.lang.toUpperCase()}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            {t.joinedAt} {formatShortDateTime(e.joinedAt)}
            {e.offerExpiresAt ? ` · ${t.offerUntil} ${formatShortDateTime(e.offerExpiresAt)}` : ""}
          </p>
        </li>
      ))}
    </ol>
  );
}

function EventList({ list }: { list: WaitlistSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="waitlist-event">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{list.title}</h3>
          <p className="text-sm text-slate-600">{list.datetime ? formatShortDateTime(list.datetime) : t.noDate}</p>
          <p className="mt-1 text-sm text-slate-800">
            {t.waiting(list.waiting)} · {t.offered(list.offered)}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-600">{t.potential}</p>
          <p className="text-lg font-bold text-slate-900 tabular-nums" data-testid="waitlist-potential">
            {formatEuro(list.potential, "it")}
          </p>
        </div>
      </div>
      <Button variant="secondary" size="sm" className="mt-3 w-full sm:w-auto" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t.hide : t.show}
      </Button>
      {open ? (
        <div className="mt-3">
          <Entries eventId={list.eventId} />
        </div>
      ) : null}
    </li>
  );
}

/** "Lista d'attesa": each sold-out event's line, what more spots would earn, and how long an offer lasts. */
export function WaitlistTab() {
  const lists = useAtomValue(waitlistsQueryAtom);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title={t.settingsTitle} />
        <OfferTime />
      </Card>
      <Card>
        <CardHeader title={t.title} description={t.description} />
        <ListState query={lists} empty={t.empty}>
          {(rows) => (
            <ul className="space-y-3 p-4 sm:p-5">
              {rows.map((list) => (
                <EventList key={list.eventId} list={list} />
              ))}
            </ul>
          )}
        </ListState>
      </Card>
      <WaitlistEntriesCard />
    </div>
  );
}
