import { useAtomValue } from "jotai";
import { QRCodeSVG } from "qrcode.react";
import { Fact } from "../../entities/pass/fact";
import { cardClass } from "../../components/card";
import { useLang, useT } from "../../i18n/lang";
import { formatLongDateTime } from "../../lib/format";
import { passUrl } from "../../lib/pass-url";
import { changePlateAtom, releaseMatchAtom, type SeasonPass } from "../../entities/pass/queries";
import { MutationButton } from "../../components/mutation-button";
import { useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { notify } from "../../components/notify";
import { errorMessage } from "../../lib/api";
import { translated } from "../../../shared/translations";
import { WalletButtons } from "../../entities/pass/wallet-buttons";

/** One car for the whole season: the new plate goes on every match still to come (the server decides). */
function SeasonPlateForm({ secret }: { secret: string }) {
  const tr = useT();
  const m = tr.pass.manage;
  const plate = useAtomValue(changePlateAtom);
  const [newPlate, setNewPlate] = useState("");
  return (
    <form
      data-testid="season-plate"
      className="space-y-3 border-t border-slate-200 p-5"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          const r = await plate.mutateAsync({ secret, licensePlate: newPlate });
          notify.success(m.plateSaved(r.licensePlate));
          setNewPlate("");
        } catch (err) {
          notify.error(errorMessage(err, m.plateFailed));
        }
      }}
    >
      <p className="text-sm text-slate-700">{tr.season.seasonPlateHint}</p>
      <TextField label={m.plateLabel} value={newPlate} onChange={setNewPlate} autoCapitalize="characters" maxLength={12} />
      <Button type="submit" variant="secondary" disabled={plate.isPending || !newPlate.trim()}>
        {plate.isPending ? m.plateSaving : m.plateSave}
      </Button>
    </form>
  );
}

const stateTone: Record<SeasonPass["matches"][number]["state"], string> = {
  reserved: "bg-emerald-100 text-emerald-900",
  inside: "bg-emerald-700 text-white",
  exited: "bg-slate-200 text-slate-800",
  released: "bg-amber-100 text-amber-900",
  refunded: "bg-red-100 text-red-900",
  cancelled: "bg-red-100 text-red-900",
  ended: "bg-slate-100 text-slate-700",
  missing: "bg-slate-100 text-slate-700",
};

/** /p/<secret> of a season holder: one QR for every match, and each match handed back on its own. */
export function SeasonPassCard({ pass, secret }: { pass: SeasonPass; secret: string }) {
  const tr = useT();
  const s = tr.season;
  const lang = useLang();
  const release = useAtomValue(releaseMatchAtom);
  const valid = pass.status === "valid";
  return (
    <article data-testid="season-pass" className={`${cardClass} overflow-hidden`}>
      <div className={`px-5 py-3 text-center text-lg font-black tracking-wide uppercase ${valid ? "bg-emerald-700 text-white" : "bg-red-700 text-white"}`}>
        {valid ? tr.pass.valid : tr.pass.void}
      </div>
      <div className="p-5 sm:p-6">
        <h2 className="text-xl font-bold text-slate-900">{translated(pass.seasonName, pass.seasonNameTranslations, lang)}</h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <Fact label={s.plate} style="plate">
            {pass.licensePlate}
          </Fact>
          <Fact label={s.code} style="code">
            {pass.code}
          </Fact>
        </dl>
      </div>
      {valid ? (
        <div className="flex flex-col items-center gap-2 border-y border-dashed border-slate-300 bg-slate-50 p-5">
          <QRCodeSVG value={passUrl(secret)} size={220} marginSize={2} role="img" aria-label={s.qrLabel(pass.code)} className="rounded-lg bg-white" />
          <p className="text-center text-sm text-slate-600">{s.showAtGate}</p>
          {/* One wallet pass for the season, moving to the next match (docs/decisions/058-season-wallet-pass.md). */}
          <WalletButtons secret={secret} className="mt-2" />
        </div>
      ) : null}
      <section className="space-y-3 p-5" aria-labelledby="season-matches">
        <h3 id="season-matches" className="font-bold text-slate-900">
          {s.matches}
        </h3>
        {pass.matches.some((m) => m.canRelease) ? <p className="text-sm text-slate-600">{s.releaseHint}</p> : null}
        <ul className="space-y-2">
          {pass.matches.map((m) => (
            <li key={m.eventId} data-testid="season-match" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 p-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{translated(m.title, m.titleTranslations, lang)}</p>
                {m.datetime ? <p className="text-sm text-slate-600 first-letter:uppercase">{formatLongDateTime(m.datetime, tr.dates)}</p> : null}
              </div>
              <div className="flex items-center gap-2">
                <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${stateTone[m.state]}`}>{s.state[m.state]}</span>
                {m.canRelease ? (
                  <MutationButton mutation={release} variables={{ secret, eventId: m.eventId }} done={s.released} failed={s.releaseFailed}>
                    {s.release}
                  </MutationButton>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
      {valid && pass.plateChangeAllowed ? <SeasonPlateForm secret={secret} /> : null}
    </article>
  );
}
