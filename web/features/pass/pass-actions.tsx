import { useAtomValue } from "jotai";
import { useState } from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { cardClass } from "../../components/card";
import { TextField } from "../../components/field";
import { notify } from "../../components/notify";
import { useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import { CancelBooking } from "../../entities/pass/cancel-booking";
import { cancellationQueryAtom, changePlateAtom, isSeasonAnswer, passQueryAtom } from "../../entities/pass/queries";

/** Cancel (full refund) before the deadline and change the plate before the start; the server decides both. */
export function PassActions({ secret }: { secret: string }) {
  const tr = useT();
  const m = tr.pass.manage;
  const rule = useAtomValue(cancellationQueryAtom);
  const plate = useAtomValue(changePlateAtom);
  const [newPlate, setNewPlate] = useState("");
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
      {plateChangeAllowed ? (
        <form
          className="space-y-3"
          onSubmit={async (e) => {
            e.preventDefault();
            // Awaited rather than mutate()'s callbacks, which are dropped if the refetched pass re-renders this form away.
            try {
              const r = await plate.mutateAsync({ secret, licensePlate: newPlate });
              notify.success(m.plateSaved(r.licensePlate));
              setNewPlate("");
            } catch (err) {
              notify.error(errorMessage(err, m.plateFailed));
            }
          }}
        >
          <p className="text-sm text-slate-700">{m.plateHint}</p>
          <TextField label={m.plateLabel} value={newPlate} onChange={setNewPlate} autoCapitalize="characters" maxLength={12} />
          <Button type="submit" variant="secondary" disabled={plate.isPending || !newPlate.trim()}>
            {plate.isPending ? m.plateSaving : m.plateSave}
          </Button>
        </form>
      ) : null}
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
