import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { cardClass } from "../../../components/card";
import { TextField } from "../../../components/field";
import { notify } from "../../../components/notify";
import { LoadingState, Spinner } from "../../../components/spinner";
import { useLang, useT } from "../../../i18n/lang";
import { ApiError, errorMessage } from "../../../lib/api";
import { formatLongDateTime } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { NarrowPage } from "../../../components/layout/public-layout";
import { leaveWaitlistAtom, takeOfferAtom, waitlistQueryAtom, waitlistTokenAtom, type WaitlistEntry } from "./queries";
import { checkTakeOffer } from "../../../entities/customer/validation";
import { useRouteQuery } from "../../../lib/query-of-param";
import { translated } from "../../../../shared/translations";

const stateStyle: Record<WaitlistEntry["state"], string> = {
  waiting: "bg-blue-700 text-white",
  offered: "bg-emerald-700 text-white",
  booked: "bg-emerald-700 text-white",
  lapsed: "bg-amber-300 text-slate-950",
  left: "bg-slate-600 text-white",
};

/** The offer: name and car for the held booking, then the normal checkout pays it. */
function TakeOffer({ entry }: { entry: WaitlistEntry }) {
  const tr = useT();
  const w = tr.waitlist;
  const navigate = useNavigate();
  const now = useNow(15_000);
  const { mutateAsync, isPending } = useAtomValue(takeOfferAtom);
  const [customerName, setName] = useState("");
  const [carModel, setCar] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const offer = entry.offer!;
  const minutes = Math.max(0, Math.ceil((Date.parse(offer.expiresAt) - now) / 60_000));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isPending) return;
    const found = checkTakeOffer({ customerName, carModel }, tr);
    if (found) {
      setProblem(found.message);
      return;
    }
    try {
      const taken = await mutateAsync({ token: entry.token, customerName: customerName.trim(), carModel: carModel.trim() });
      navigate(`/checkout?${new URLSearchParams({ bookingId: taken.bookingId, amount: taken.amount })}`);
    } catch (err) {
      setProblem(errorMessage(err, w.errorFallback));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-slate-800">{w.offeredText(formatLongDateTime(offer.expiresAt, tr.dates))}</p>
      <p className="text-sm font-semibold text-emerald-800" aria-live="polite">
        {w.expiresIn(minutes)}
      </p>
      {problem ? (
        <Alert tone="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <TextField label={tr.booking.customerName} name="customerName" autoComplete="name" placeholder={tr.booking.placeholders.customerName} maxLength={100} value={customerName} onChange={setName} />
      <TextField label={tr.booking.carModel} name="carModel" placeholder={tr.booking.placeholders.carModel} maxLength={60} value={carModel} onChange={setCar} />
      <Button type="submit" size="lg" className="w-full" disabled={isPending}>
        {isPending ? <Spinner className="size-5" /> : null}
        {isPending ? w.taking : w.take(tr.money(offer.amount))}
      </Button>
    </form>
  );
}

function LeaveList({ token }: { token: string }) {
  const tr = useT();
  const w = tr.waitlist;
  const [asking, setAsking] = useState(false);
  const { mutateAsync, isPending } = useAtomValue(leaveWaitlistAtom);
  const leave = async () => {
    try {
      await mutateAsync(token);
      notify.success(w.left);
    } catch (err) {
      notify.error(w.errorTitle, errorMessage(err, w.errorFallback));
    }
    setAsking(false);
  };
  if (!asking)
    return (
      <Button variant="secondary" className="w-full" onClick={() => setAsking(true)}>
        {w.leave}
      </Button>
    );
  return (
    <div className="space-y-3 rounded-2xl bg-red-50 p-4 ring-1 ring-red-200">
      <p className="text-sm text-red-900">{w.leaveConfirm}</p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button variant="danger" disabled={isPending} onClick={() => void leave()}>
          {isPending ? w.leaving : w.leave}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          {tr.common.close}
        </Button>
      </div>
    </div>
  );
}

function EntryCard({ entry }: { entry: WaitlistEntry }) {
  const tr = useT();
  const w = tr.waitlist;
  const lang = useLang();
  const title = translated(entry.event.title, entry.event.titleTranslations, lang);
  const rate = translated(entry.rate.name, entry.rate.nameTranslations, lang);
  const when = entry.event.isAlwaysActive || !entry.event.datetime ? tr.eventCard.alwaysActive : formatLongDateTime(entry.event.datetime, tr.dates);
  return (
    <article data-testid="waitlist-entry" className={`${cardClass} overflow-hidden`}>
      <div className={`px-5 py-3 text-center text-lg font-black tracking-wide uppercase ${stateStyle[entry.state]}`}>{w.states[entry.state]}</div>
      <div className="space-y-5 p-5 sm:p-6">
        <div>
          <h2 className="text-xl font-bold text-slate-900">{title}</h2>
          <p className="mt-1 text-sm text-slate-700 first-letter:uppercase">{when}</p>
        </div>
        {entry.state === "waiting" && entry.position ? (
          <div className="rounded-2xl bg-blue-50 p-4 text-center ring-1 ring-blue-200">
            <p data-testid="waitlist-position" className="text-3xl font-black text-blue-900">
              {entry.position}
            </p>
            <p className="font-semibold text-blue-900">{w.position(entry.position)}</p>
            <p className="mt-2 text-sm text-slate-700">
              {w.waitingText} <span className="font-medium [overflow-wrap:anywhere]">{entry.email}</span>
            </p>
          </div>
        ) : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-600">{w.rate}</dt>
          <dd className="font-medium text-slate-900">
            {rate} — {tr.money(entry.rate.price)}
          </dd>
          <dt className="text-slate-600">{w.plate}</dt>
          <dd className="font-mono font-bold tracking-wider text-slate-900">{entry.licensePlate}</dd>
        </dl>
        {entry.state === "offered" && entry.offer ? <TakeOffer entry={entry} /> : null}
        {entry.state === "booked" ? <p className="text-slate-800">{w.bookedText}</p> : null}
        {entry.state === "lapsed" ? <p className="text-slate-800">{w.lapsedText}</p> : null}
        {entry.state === "left" ? <p className="text-slate-800">{w.leftText}</p> : null}
        {entry.state === "waiting" || entry.state === "offered" ? <LeaveList token={entry.token} /> : null}
      </div>
    </article>
  );
}

/** /lista-attesa/:token — the visitor's place in line, the offer when it comes, and the way out. */
export function WaitlistPage() {
  const tr = useT();
  const w = tr.waitlist;
  const [query] = useRouteQuery("token", waitlistTokenAtom, waitlistQueryAtom);
  return (
    <NarrowPage title={w.pageTitle}>
      {query.data ? (
        <>
          <EntryCard entry={query.data} />
          {query.data.state === "waiting" ? <p className="text-sm text-slate-600">{w.keepLink}</p> : null}
        </>
      ) : query.isError ? (
        <Alert tone="error" role="alert">
          {query.error instanceof ApiError && query.error.status < 500 ? w.notFound : w.loadError}
        </Alert>
      ) : (
        <LoadingState text={tr.common.loading} />
      )}
    </NarrowPage>
  );
}
