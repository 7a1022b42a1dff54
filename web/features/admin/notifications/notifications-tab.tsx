import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/alert";
import { Card, CardHeader } from "../../../components/card";
import { Field, inputClass } from "../../../components/field";
import { notify } from "../../../components/notify";
import { LoadingState } from "../../../components/spinner";
import { Toggle } from "../../../components/toggle";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { liveConfigQueryAtom } from "./queries";
import { adminEventsQueryAtom } from "../events/queries";
import { ReminderSettingsCard } from "../notices/reminder-settings-card";
import { saveLiveConfigAtom } from "../queries";
import { SubmitRow } from "../components/submit-row";
import { Choices } from "../components/filter-select";
import { firstProblem, LIVE_FREQUENCIES, liveConfigForm } from "../../../../shared/forms/admin-forms";

const t = itAdmin.notifications;

type Config = { isEnabled: boolean; frequency: number; targetEventId: number | null; isRandomEvents: boolean };

export function NotificationsTab() {
  const config = useAtomValue(liveConfigQueryAtom);
  if (config.isPending) return <LoadingState text={it.common.loading} />;
  if (config.isError) return <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>;
  return (
    <div className="space-y-6">
      <NotificationsForm initial={config.data} />
      <ReminderSettingsCard />
    </div>
  );
}

function NotificationsForm({ initial }: { initial: Config }) {
  const events = useAtomValue(adminEventsQueryAtom);
  const save = useAtomValue(saveLiveConfigAtom);
  const [form, setForm] = useState<Config>(initial);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const payload = { ...form, targetEventId: form.isRandomEvents ? null : form.targetEventId };
    const problem = firstProblem(liveConfigForm(t.errors), payload);
    setError(problem?.message ?? null);
    if (problem) return;
    save.mutate(payload, {
      onSuccess: () => notify.success(t.saved),
      onError: () => notify.error(t.failed),
    });
  }

  return (
    <Card className="max-w-2xl">
      <CardHeader title={t.title} description={t.description} />
      <form onSubmit={submit} className="space-y-6 px-5 py-5">
        <Toggle label={t.enabled} checked={form.isEnabled} onChange={(v) => setForm((f) => ({ ...f, isEnabled: v }))} />
        <Field label={t.frequency} htmlFor="live-frequency">
          <select
            id="live-frequency"
            className={inputClass}
            value={form.frequency}
            onChange={(e) => setForm((f) => ({ ...f, frequency: Number(e.target.value) }))}
          >
            <Choices options={LIVE_FREQUENCIES.map((ms) => ({ value: ms, label: t.seconds(ms / 1000) }))} />
          </select>
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t.target}</legend>
          <div className="space-y-3">
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-blue-400 has-checked:bg-blue-50/50">
              <input
                type="radio"
                name="live-target"
                className="mt-0.5 accent-blue-600"
                checked={form.isRandomEvents}
                onChange={() => setForm((f) => ({ ...f, isRandomEvents: true }))}
              />
              <span>
                <span className="block text-sm font-medium text-slate-800">{t.random}</span>
                <span className="block text-xs text-slate-600">{t.randomHint}</span>
              </span>
            </label>
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-checked:border-blue-400 has-checked:bg-blue-50/50">
              <input
                type="radio"
                name="live-target"
                className="mt-0.5 accent-blue-600"
                checked={!form.isRandomEvents}
                onChange={() => setForm((f) => ({ ...f, isRandomEvents: false }))}
              />
              <span className="flex-1 text-sm font-medium text-slate-800">{t.specific}</span>
            </label>
            {!form.isRandomEvents ? (
              <div className="pl-7">
                <label htmlFor="live-target-event" className="sr-only">
                  {t.specific}
                </label>
                <select
                  id="live-target-event"
                  className={inputClass}
                  value={form.targetEventId ?? ""}
                  onChange={(e) => setForm((f) => ({ ...f, targetEventId: e.target.value ? Number(e.target.value) : null }))}
                >
                  <Choices none={t.chooseEvent} options={(events.data ?? []).map((event) => ({ value: event.id, label: event.title }))} />
                </select>
              </div>
            ) : null}
          </div>
        </fieldset>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">{t.note}</p>
        {error ? <Alert tone="error" role="alert">{error}</Alert> : null}
        <SubmitRow busy={save.isPending} label={t.save} busyLabel={t.saving} />
      </form>
    </Card>
  );
}
