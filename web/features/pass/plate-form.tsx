import { useAtomValue } from "jotai";
import { useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { notify } from "../../components/notify";
import { useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import { changePlateAtom } from "../../entities/pass/queries";

/** A new plate for a pass (a booking, or every match still to come of a season): the server decides whether it may change. */
export function PlateForm({ secret, hint, className, testId }: { secret: string; hint: string; className: string; testId?: string }) {
  const m = useT().pass.manage;
  const plate = useAtomValue(changePlateAtom);
  const [newPlate, setNewPlate] = useState("");
  return (
    <form
      data-testid={testId}
      className={className}
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
      <p className="text-sm text-slate-700">{hint}</p>
      <TextField label={m.plateLabel} value={newPlate} onChange={setNewPlate} autoCapitalize="characters" maxLength={12} />
      <Button type="submit" variant="secondary" disabled={plate.isPending || !newPlate.trim()}>
        {plate.isPending ? m.plateSaving : m.plateSave}
      </Button>
    </form>
  );
}
