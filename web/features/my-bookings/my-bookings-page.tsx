import { useAtomValue } from "jotai";
import { documentPath } from "../../entities/document/queries";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "../../components/alert";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { cardClass } from "../../components/card";
import { TextField } from "../../components/field";
import { TicketIcon } from "../../components/icons";
import { Spinner } from "../../components/spinner";
import type { Catalogue } from "../../i18n/catalogue";
import { useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import { formatLongDateTime, formatTime } from "../../lib/format";
import { passUrl } from "../../lib/pass-url";
import { WalletButtons } from "../../entities/pass/wallet-buttons";
import { PublicLayout } from "../../components/layout/public-layout";
import { PrinterIcon, SearchIcon } from "./pass-icons";
import { Fact, WhenAndPlate } from "../../entities/pass/fact";
import { CancelBooking } from "../../entities/pass/cancel-booking";
import { afterSaleView } from "../../entities/pass/after-sale";
import { lookupDevicePasses, lookupMyBookingsAtom, type MyBooking, type MySeason } from "../../entities/pass/lookup";
import { useLang } from "../../i18n/lang";
import { rememberedBooking, rememberedBookings } from "../../entities/pass/remembered";
import { translated } from "../../../shared/translations";

const statusStyle: Record<keyof Catalogue["myBookings"]["status"], string> = {
  paid: "bg-emerald-100 text-emerald-800 ring-emerald-200",
  pending: "bg-amber-100 text-amber-900 ring-amber-200",
  freed: "bg-slate-100 text-slate-700 ring-slate-200",
  refunded: "bg-violet-100 text-violet-800 ring-violet-200",
  partlyRefunded: "bg-violet-100 text-violet-800 ring-violet-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-200",
  eventCancelled: "bg-red-100 text-red-800 ring-red-200",
  other: "bg-amber-100 text-amber-900 ring-amber-200",
};

export function BookingPass({ booking, onCancelled }: { booking: MyBooking; onCancelled: () => void }) {
  const tr = useT();
  const m = tr.myBookings;
  const view = afterSaleView(booking, tr);
  const showPass = view.showPass && booking.passSecret;
  const when = booking.isAlwaysActive ? tr.eventCard.alwaysActive : booking.eventDatetime ? formatLongDateTime(booking.eventDatetime, tr.dates) : tr.eventCard.noDate;
  return (
    <li data-testid="booking-pass" className={`${cardClass} overflow-hidden break-inside-avoid`}>
      <div className="flex flex-col sm:flex-row">
        <div className="flex-1 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <span data-testid="booking-state" className={`rounded-full px-2.5 py-1 text-xs font-bold ring-1 ${statusStyle[view.label]}`}>
              {m.status[view.label]}
            </span>
            {booking.kind === "prevendita" ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-bold text-amber-800 ring-1 ring-amber-200">
                <TicketIcon className="size-3.5" />
                {m.presale}
              </span>
            ) : null}
          </div>
          <h3 className="mt-3 text-lg font-bold text-slate-900">{booking.eventTitle}</h3>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            <WhenAndPlate when={when} plate={booking.licensePlate} labels={m} listed />
            <Fact label={m.rate}>{booking.rateName ?? (booking.kind === "prevendita" ? m.presale : "—")}</Fact>
            <Fact label={m.amount}>{tr.money(booking.amount)}</Fact>
          </dl>
          {booking.receiptId ? (
            <AppLink to={documentPath(booking.receiptId)} data-testid="receipt-link" className="mt-3 inline-block text-sm font-semibold text-blue-700 underline-offset-2 hover:underline print:hidden">
              {tr.documents.receipt}
            </AppLink>
          ) : null}
          {view.notes.length ? (
            <div data-testid="after-sale" className="mt-4 space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200">
              {view.notes.map((note) => (
                <p key={note}>{note}</p>
              ))}
            </div>
          ) : null}
          {booking.cancellation.allowed && showPass ? (
            <div className="mt-4 border-t border-slate-200 pt-4 print:hidden">
              <CancelBooking secret={booking.passSecret!} deadline={booking.cancellation.deadline} onCancelled={onCancelled} />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col items-center justify-center gap-2 border-t border-dashed border-slate-300 bg-slate-50 p-5 sm:w-56 sm:border-t-0 sm:border-l">
          {showPass ? (
            <>
              <QRCodeSVG value={passUrl(showPass)} size={132} marginSize={2} role="img" aria-label={m.qrLabel(booking.code)} className="rounded-lg bg-white" />
              <p className="font-mono text-lg font-bold tracking-[0.2em] text-slate-900">{booking.code}</p>
              <p className="text-center text-xs text-slate-500">{m.showAtGate}</p>
              {booking.checkedInAt ? <p className="text-sm font-semibold text-emerald-800">{m.enteredAt(formatTime(booking.checkedInAt))}</p> : null}
              <AppLink to={`/p/${showPass}`} className="text-sm font-semibold text-blue-700 underline-offset-2 hover:underline print:hidden">
                {m.openPass}
              </AppLink>
              {/* A season's wallet pass is offered once, on its season row (decision 058). */}
              {booking.kind === "season" ? null : <WalletButtons secret={showPass} />}
            </>
          ) : (
            <>
              <p className="font-mono text-lg font-bold tracking-[0.2em] text-slate-500">{booking.code}</p>
              <p className="text-center text-xs text-slate-500">{booking.passStatus === "not_paid" ? m.noPass : m.afterSale.noPass}</p>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** A holder's season as one row: its money, its one pass and the state of each match (found by the season's code too). */
function SeasonRow({ season }: { season: MySeason }) {
  const tr = useT();
  const m = tr.myBookings.mySeason;
  const lang = useLang();
  const active = season.status === "active" && season.passSecret;
  return (
    <li data-testid="season-row" className={`${cardClass} overflow-hidden break-inside-avoid p-5 sm:p-6`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-blue-50 px-2.5 py-1 text-xs font-bold text-blue-800 ring-1 ring-blue-200">{m.label}</span>
        <span className={`rounded-full px-2.5 py-1 text-xs font-bold ring-1 ${active ? statusStyle.paid : statusStyle.cancelled}`}>{active ? m.active : m.ended}</span>
      </div>
      <h3 className="mt-3 text-lg font-bold text-slate-900">{translated(season.seasonName, season.seasonNameTranslations, lang)}</h3>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <Fact label={tr.season.plate} style="plate">
          {season.licensePlate}
        </Fact>
        <Fact label={m.paid}>{tr.money(season.amount)}</Fact>
        {season.refunded !== "0.00" ? <Fact label={m.refunded}>{tr.money(season.refunded)}</Fact> : null}
      </dl>
      <ul className="mt-4 space-y-2">
        {season.matches.map((match) => (
          <li key={match.eventId} data-testid="season-row-match" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3 text-sm">
            <span className="min-w-0">
              <span className="font-semibold text-slate-900">{translated(match.title, match.titleTranslations, lang)}</span>
              {match.datetime ? <span className="text-slate-600"> — {formatLongDateTime(match.datetime, tr.dates)}</span> : null}
            </span>
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800">{tr.season.state[match.state]}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col items-center gap-2 border-t border-dashed border-slate-300 pt-4">
        {active ? (
          <>
            <QRCodeSVG value={passUrl(season.passSecret!)} size={132} marginSize={2} role="img" aria-label={tr.season.qrLabel(season.code)} className="rounded-lg bg-white" />
            <p className="text-center text-xs text-slate-500">{m.onePass}</p>
            <AppLink to={`/p/${season.passSecret}`} className="text-sm font-semibold text-blue-700 underline-offset-2 hover:underline print:hidden">
              {m.openPass}
            </AppLink>
            <WalletButtons secret={season.passSecret!} />
          </>
        ) : null}
        <p className="font-mono text-lg font-bold tracking-[0.2em] text-slate-900">{season.code}</p>
      </div>
    </li>
  );
}

export function MyBookingsPage() {
  const tr = useT();
  const m = tr.myBookings;
  const lookup = useAtomValue(lookupMyBookingsAtom);
  const [values, setValues] = useState(() => rememberedBooking() ?? { email: "", code: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [found, setFound] = useState<MyBooking[] | null>(null);
  const [seasons, setSeasons] = useState<MySeason[]>([]);
  const [fromDevice, setFromDevice] = useState(false);
  const [lastLookup, setLastLookup] = useState<{ email: string; code: string } | null>(null);

  // After a cancellation the list asks the server again: it says what happened now.
  const refresh = async () => {
    if (lastLookup && !fromDevice) setFound((await lookup.mutateAsync(lastLookup).catch(() => null))?.bookings ?? found);
    else setFound(await lookupDevicePasses(rememberedBookings()));
  };

  useEffect(() => {
    const entries = rememberedBookings();
    if (entries.length === 0) return;
    let alive = true;
    lookupDevicePasses(entries).then((passes) => {
      if (!alive || passes.length === 0) return;
      setFound((current) => current ?? passes);
      setFromDevice(true);
    });
    return () => {
      alive = false;
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (lookup.isPending) return;
    const email = values.email.trim();
    const code = values.code.replace(/[\s#-]/g, "");
    if (!email || !code) {
      setProblem(m.required);
      return;
    }
    setProblem(null);
    try {
      const result = await lookup.mutateAsync({ email, code });
      setFound(result.bookings);
      setSeasons(result.seasons);
      setFromDevice(false);
      setLastLookup({ email, code });
    } catch (err) {
      setFound(null);
      setSeasons([]);
      setProblem(errorMessage(err, m.errorFallback));
    }
  };

  return (
    <PublicLayout>
      <div className="bg-gradient-to-b from-slate-950 to-slate-900 pt-10 pb-24 text-white print:hidden">
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{m.title}</h1>
          <p className="mt-2 max-w-2xl text-slate-300">{m.subtitle}</p>
        </div>
      </div>
      <div className="mx-auto -mt-16 max-w-4xl space-y-8 px-4 pb-16 sm:px-6 lg:px-8 print:mt-0">
        <form onSubmit={submit} noValidate className={`${cardClass} grid grid-cols-1 gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-6 print:hidden`}>
          <TextField
            label={m.email}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            invalid={problem !== null && !values.email.trim()}
            onChange={(email) => setValues((v) => ({ ...v, email }))}
          />
          <TextField
            label={m.code}
            name="code"
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={m.codePlaceholder}
            maxLength={12}
            value={values.code}
            invalid={problem !== null && !values.code.trim()}
            onChange={(code) => setValues((v) => ({ ...v, code: code.toUpperCase() }))}
          />
          <Button type="submit" disabled={lookup.isPending} size="lg" className="sm:mb-0">
            {lookup.isPending ? <Spinner className="size-5" /> : <SearchIcon className="size-5" />}
            {lookup.isPending ? m.searching : m.submit}
          </Button>
          <p className="text-xs text-slate-500 sm:col-span-3">{m.codeHelp}</p>
          <p className="text-sm text-slate-700 sm:col-span-3">{m.otherDevice}</p>
          {problem ? (
            <div className="sm:col-span-3">
              <Alert tone="error" role="alert">
                {problem}
              </Alert>
            </div>
          ) : null}
        </form>

        {found ? (
          <section aria-labelledby="results-title">
            <div className="flex items-center justify-between gap-4 print:hidden">
              <h2 id="results-title" className="text-lg font-bold text-slate-900">
                {m.results(found.length + seasons.length)}
              </h2>
              <Button variant="secondary" onClick={() => window.print()}>
                <PrinterIcon className="size-4" />
                {m.print}
              </Button>
            </div>
            {fromDevice ? <p className="mt-1 text-sm text-slate-600 print:hidden">{m.onThisDevice}</p> : null}
            <ul className="mt-4 space-y-4">
              {seasons.map((season) => (
                <SeasonRow key={season.code} season={season} />
              ))}
              {found.map((b) => (
                <BookingPass key={b.code} booking={b} onCancelled={() => void refresh()} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </PublicLayout>
  );
}
