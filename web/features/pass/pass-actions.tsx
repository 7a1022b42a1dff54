import { useAtomValue } from "jotai";
import { Alert } from "../../components/alert";
import { cardClass } from "../../components/card";
import { useT } from "../../i18n/lang";
import { CancelBooking } from "../../entities/pass/cancel-booking";
import { PlateForm } from "./plate-form";
import { cancellationQueryAtom, isSeasonAnswer, passQueryAtom } from "../../entities/pass/queries";

/** Cancel (full refund) before the deadline and change the plate before the start; the server decides both. */
export function PassActions({ secret }: { secret: string }) {
  const tr = useT();
  const m = tr.pass.manage;
  const rule = useAtomValue(cancellationQueryAtom);
  const pass = useAtomValue(passQueryAtom);
  if (!rule.data) return null;
  // A void pass (refunded, cancelled, freed) has nothing left to manage: the pass above says what happened.
  if (!pass.data || isSeasonAnswer(pass.data) || pass.data.status === "void") return null;
  const { allowed, deadline, reason, plateChangeAllowed } = rule.data;
  if (!allowed && !plateChangeAllowed && reason === null) return null;

  return (
    <section data-testid="pass-actions" className={`${cardClass} space-y-5 p-5`} aria-labelledby="pass-actions-title">
      <h2 id="pass-actions-title" className="text-lg font-bold text-slate-900">
        {m.title}
      </h2>
      {plateChangeAllowed ? <PlateForm secret={secret} hint={m.plateHint} className="space-y-3" /> : null}
      {allowed ? (
        <div className="border-t border-slate-200 pt-4">
          {/* The pass, now void, is what the customer must see next: it sits at the top of the page. */}
          <CancelBooking secret={secret} deadline={deadline} onCancelled={() => window.scrollTo({ top: 0, behavior: "smooth" })} />
        </div>
      ) : reason ? (
        <Alert tone="info" role="status">
          {reason}
        </Alert>
      ) : null}
    </section>
  );
}
