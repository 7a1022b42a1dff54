import { useAtomValue } from "jotai";
import { atomWithMutation, queryClientAtom } from "jotai-tanstack-query";
import { useState } from "react";
import { TextField } from "../../../components/field";
import { FormModal } from "../components/form-modal";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { client, errorMessage, unwrap } from "../../../lib/api";
import { invalidateData } from "../../../entities/staff/session";

const t = itAdmin.postponeEvent;

const postponeAtom = atomWithMutation((get) => ({
  mutationFn: ({ id, datetime, cancelWindowDays }: { id: number; datetime: string; cancelWindowDays: number }) =>
    unwrap(client.api.admin.events[":id"].postpone.$post({ param: { id: String(id) }, json: { datetime, cancelWindowDays } })),
  onSuccess: () => invalidateData(get(queryClientAtom)),
}));

/** "Rinvia evento": the new date (Rome time) and the days customers get to cancel with a full refund. */
export function PostponeEventDialog({ event, onClose }: { event: { id: number; title: string }; onClose: () => void }) {
  const postpone = useAtomValue(postponeAtom);
  const [datetime, setDatetime] = useState("");
  const [days, setDays] = useState("7");
  const submit = () =>
    postpone.mutate(
      { id: event.id, datetime, cancelWindowDays: Number(days) },
      {
        onSuccess: (r) => {
          notify.success(t.done(r.emails));
          onClose();
        },
        onError: (err) => notify.error(errorMessage(err, t.failed)),
      },
    );
  return (
    <FormModal
      title={t.title(event.title)}
      description={t.intro}
      submitLabel={postpone.isPending ? t.saving : t.confirm}
      busy={postpone.isPending}
      canSubmit={datetime !== ""}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField label={t.date} type="datetime-local" value={datetime} onChange={setDatetime} />
      <TextField label={t.window} type="number" inputMode="numeric" value={days} onChange={setDays} />
    </FormModal>
  );
}
