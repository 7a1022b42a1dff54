import { useAtomValue } from "jotai";
import { QRCodeSVG } from "qrcode.react";
import { GarageNotice } from "../../components/garage-notice";
import { Alert } from "../../components/alert";
import { AppLink } from "../../components/app-link";
import { Fact, WhenAndPlate } from "../../entities/pass/fact";
import { LoadingState } from "../../components/spinner";
import { buttonClass } from "../../components/button";
import { cardClass } from "../../components/card";
import { useLang, useT } from "../../i18n/lang";
import { ApiError } from "../../lib/api";
import { formatLongDateTime, formatTime } from "../../lib/format";
import { passUrl } from "../../lib/pass-url";
import { NarrowPage } from "../../components/layout/public-layout";
import { afterSaleView } from "../../entities/pass/after-sale";
import { PassActions } from "./pass-actions";
import { isSeasonAnswer, passQueryAtom, passSecretAtom, seasonPassQueryAtom, type Pass } from "../../entities/pass/queries";
import { SeasonPassCard } from "./season-pass";
import { WalletButtons } from "../../entities/pass/wallet-buttons";
import { useRouteQuery } from "../../lib/query-of-param";
import { PassDocuments } from "./pass-documents";
import { translatedTogether } from "../../../shared/translations";

const badge: Record<Pass["status"], { text: "valid" | "void" | "notPaid"; className: string }> = {
  valid: { text: "valid", className: "bg-emerald-700 text-white" },
  void: { text: "void", className: "bg-red-700 text-white" },
  not_paid: { text: "notPaid", className: "bg-amber-300 text-slate-950" },
};

export function PassCard({ pass, secret }: { pass: Pass; secret: string }) {
  const tr = useT();
  const p = tr.pass;
  const when = pass.isAlwaysActive ? p.alwaysActive : pass.eventDatetime ? formatLongDateTime(pass.eventDatetime, tr.dates) : tr.eventCard.noDate;
  const view = afterSaleView({ ...pass, passStatus: pass.status }, tr);
  const valid = view.showPass;
  return (
    <article data-testid="pass" className={`${cardClass} overflow-hidden`}>
      <div className={`px-5 py-3 text-center text-lg font-black tracking-wide uppercase ${badge[pass.status].className}`}>{p[badge[pass.status].text]}</div>
      <div className="p-5 sm:p-6">
        <h2 className="text-xl font-bold text-slate-900">{pass.eventTitle}</h2>
        {pass.checkedInAt && pass.gateState === "inside" ? (
          <p className="mt-2 font-semibold text-emerald-800">{p.enteredAt(formatTime(pass.checkedInAt))}</p>
        ) : null}
        {pass.checkedOutAt && pass.gateState === "exited" ? <p className="mt-2 font-semibold text-slate-700">{p.exitedAt(formatTime(pass.checkedOutAt))}</p> : null}
        {pass.postponedFrom ? (
          <p data-testid="pass-postponed" className="mt-2 inline-block rounded-lg bg-amber-100 px-2.5 py-1 text-sm font-semibold text-amber-950">
            {tr.eventCard.postponedFrom(formatLongDateTime(pass.postponedFrom, tr.dates))}
          </p>
        ) : null}
        <dl className="mt-4 grid gap-3 text-sm">
          <WhenAndPlate when={when} plate={pass.licensePlate} labels={p} />
          <Fact label={p.rate}>{pass.rateName ?? "—"}</Fact>
          <Fact label={p.code} style="code">
            {pass.code}
          </Fact>
        </dl>
      </div>
      <div className="flex flex-col items-center gap-2 border-t border-dashed border-slate-300 bg-slate-50 p-5">
        {valid ? (
          <>
            <QRCodeSVG value={passUrl(secret)} size={220} marginSize={2} role="img" aria-label={p.qrLabel(pass.code)} className="rounded-lg bg-white" />
            <p data-keep-clear className="text-center text-sm text-slate-600">
              {p.showAtGate}
            </p>
            <WalletButtons secret={secret} className="mt-2" />
          </>
        ) : (
          <div data-testid="after-sale" className="space-y-1 text-center text-sm text-slate-700">
            {view.notes.map((note) => (
              <p key={note}>{note}</p>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}

/** A notice from the garage, in the page's language when staff wrote it so. */
function PassNotice({ notice }: { notice: Pass["notices"][number] }) {
  const tr = useT();
  const { subject, body } = translatedTogether({ subject: notice.subject, body: notice.body }, { subject: notice.subjectTranslations, body: notice.bodyTranslations }, useLang());
  return (
    <GarageNotice
      testId="pass-notice"
      subject={subject}
      body={body}
      createdAt={notice.createdAt}
      postedAt={tr.notices.postedAt(formatLongDateTime(notice.createdAt, tr.dates))}
    />
  );
}

/** /p/:secret — the pass on any phone, no e-mail or code needed: the secret in the link is the key. */
export function PassPage() {
  const tr = useT();
  const p = tr.pass;
  const [query, secret] = useRouteQuery("secret", passSecretAtom, passQueryAtom);
  const season = useAtomValue(seasonPassQueryAtom);

  return (
    <NarrowPage title={p.title}>
      {season.data ? (
        <>
          <SeasonPassCard pass={season.data} secret={secret} />
          <PassDocuments secret={secret} />
        </>
      ) : query.data && !isSeasonAnswer(query.data) ? (
        <>
          {query.data.notices.map((notice) => (
            <PassNotice key={notice.id} notice={notice} />
          ))}
          <PassCard pass={query.data} secret={secret} />
          <PassActions secret={secret} />
          <PassDocuments secret={secret} />
        </>
      ) : query.isError || season.isError ? (
        <Alert tone="error" role="alert">
          {[query.error, season.error].some((e) => e instanceof ApiError && e.status < 500) ? p.notFound : p.loadError}
        </Alert>
      ) : (
        // Until the pass endpoint (then, for a season holder, the season's) answers. A refetch keeps
        // its data, so a plate change never swaps the pass and its confirmation for a spinner.
        <LoadingState text={p.loading} />
      )}
      <AppLink to="/le-mie-prenotazioni" className={`${buttonClass("secondary", "lg")} w-full`}>
        {p.myBookings}
      </AppLink>
    </NarrowPage>
  );
}
