import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/alert";
import { Card, CardHeader } from "../../../components/card";
import { TextField } from "../../../components/field";
import { notify } from "../../../components/notify";
import { Toggle } from "../../../components/toggle";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { reminderSettingsQueryAtom, saveReminderSettingsAtom } from "./queries";
import { SubmitRow } from "../components/submit-row";

const t = itAdmin.notices.reminders;

type Settings = { isEnabled: boolean; sendAt: string; gateOpensMinutesBefore: number };

/** The reminder the day before the event: on or off, at what time (Rome), when the gate opens. */
export function ReminderSettingsCard() {
  const settings = useAtomValue(reminderSettingsQueryAtom);
  if (settings.isError) return <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>;
  if (!settings.data) return null;
  return <ReminderForm initial={settings.data} />;
}

function ReminderForm({ initial }: { initial: Settings }) {
  const save = useAtomValue(saveReminderSettingsAtom);
  const [form, setForm] = useState({ ...initial, gateOpens: String(initial.gateOpensMinutesBefore) });

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      { isEnabled: form.isEnabled, sendAt: form.sendAt, gateOpensMinutesBefore: Number(form.gateOpens) },
      { onSuccess: () => notify.success(t.saved), onError: (err) => notify.error(errorMessage(err, t.failed)) },
    );
  }

  return (
    <Card className="max-w-2xl">
      <CardHeader title={t.title} description={t.description} />
      <form onSubmit={submit} className="space-y-5 px-5 py-5" data-testid="reminder-settings">
        <Toggle label={t.enabled} checked={form.isEnabled} onChange={(v) => setForm((f) => ({ ...f, isEnabled: v }))} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t.sendAt} type="time" value={form.sendAt} onChange={(v) => setForm((f) => ({ ...f, sendAt: v }))} disabled={!form.isEnabled} />
          <TextField label={t.gateOpens} type="number" inputMode="numeric" value={form.gateOpens} onChange={(v) => setForm((f) => ({ ...f, gateOpens: v }))} disabled={!form.isEnabled} />
        </div>
        <SubmitRow busy={save.isPending} label={t.save} busyLabel={t.saving} />
      </form>
    </Card>
  );
}
