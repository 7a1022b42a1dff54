import { cleanTranslations, type Translations } from "../../../../shared/translations";
import { LanguageTabs, lacks, translatedLabel, withText } from "../components/language-tabs";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { inputClass, labelClass, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatShortDateTime } from "../../../lib/format";
import { audienceQueryAtom, noticesQueryAtom, retryNoticeAtom, sendNoticeAtom, type NoticeItem } from "./queries";
import { MutationButton } from "../../../components/mutation-button";
import { ConfirmDialog } from "../components/confirm-dialog";
import { firstProblem, NOTICE_BODY_MAX, NOTICE_SUBJECT_MAX, noticeForm } from "../../../../shared/forms/admin-forms";

const t = itAdmin.notices;

type EventLike = { id: number; title: string; rates: { id: number; name: string }[] };

/** "Avvisa i clienti": write and send a notice to the event's live bookings, and see the ones sent. */
export function NoticesDialog({ event, onClose }: { event: EventLike; onClose: () => void }) {
  const send = useAtomValue(sendNoticeAtom);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [subjectTranslations, setSubjectTranslations] = useState<Translations>({});
  const [bodyTranslations, setBodyTranslations] = useState<Translations>({});
  const [someRates, setSomeRates] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  // One key per notice written: a double click or a retried request is the same notice.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const rateKey = someRates ? [...chosen].sort((a, b) => a - b).join(",") : null;
  const rateIds = rateKey === null ? null : rateKey.split(",").filter(Boolean).map(Number);
  const audience = useAtomValue(useMemo(() => audienceQueryAtom(event.id, rateKey === null ? null : rateKey.split(",").filter(Boolean).map(Number)), [event.id, rateKey]));
  const count = audience.data?.count;
  const languages = audience.data?.byLang.length ? t.byLang(audience.data.byLang, t.langNames) : null;
  // Sending cannot be taken back: the button asks first, naming how many in each language.
  const [confirming, setConfirming] = useState(false);

  const draft = { subject, body, subjectTranslations: cleanTranslations(subjectTranslations), bodyTranslations: cleanTranslations(bodyTranslations), rateIds };
  // The server's rules (shared/forms/admin-forms.ts): the send button waits for a notice they accept.
  const problem = firstProblem(noticeForm(t.errors), draft);

  function ask() {
    if (problem) return setError(problem.message);
    setError(null);
    setConfirming(true);
  }

  function submit() {
    if (problem) return setError(problem.message);
    setError(null);
    send.mutate(
      { eventId: event.id, key, draft },
      {
        onSuccess: (notice) => {
          setConfirming(false);
          notify.success(t.sent(notice.recipients));
          setKey(crypto.randomUUID());
          setSubject("");
          setBody("");
          setSubjectTranslations({});
          setBodyTranslations({});
          // On a phone the list is below the form: show where its delivery can be followed.
          requestAnimationFrame(() => document.getElementById("notice-history")?.scrollIntoView({ block: "start" }));
        },
        onError: (err) => {
          setConfirming(false);
          setError(errorMessage(err, t.failed));
        },
      },
    );
  }

  // A language with a subject needs its text too, and the other way round (the form's rule says so).
  const ready = !problem && !!count && !(someRates && chosen.length === 0);

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t.title(event.title)}
      description={t.intro}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div aria-live="polite" className="text-sm">
            <p data-testid="notice-audience" className="font-medium text-slate-700">
              {count === undefined ? t.counting : t.reach(count)}
            </p>
            {languages ? (
              <p data-testid="notice-languages" className="text-slate-600">
                {languages}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {itAdmin.confirm.cancel}
            </Button>
            <Button disabled={!ready || send.isPending} onClick={ask}>
              {send.isPending ? t.sending : t.send(count ?? 0)}
            </Button>
          </div>
        </div>
      }
    >
      <div className="space-y-4">
        <LanguageTabs
          missing={(lang) => lacks(subject, subjectTranslations, lang) || lacks(body, bodyTranslations, lang)}
          italian={
            <div className="space-y-4">
              <TextField label={t.subject} value={subject} onChange={setSubject} maxLength={NOTICE_SUBJECT_MAX} />
              <BodyField label={t.body} value={body} onChange={setBody} />
            </div>
          }
          translated={(lang) => (
            <>
              <TextField label={translatedLabel(t.subject, lang)} value={subjectTranslations[lang] ?? ""} onChange={(v) => setSubjectTranslations((s) => withText(s, lang, v))} maxLength={NOTICE_SUBJECT_MAX} />
              <BodyField label={translatedLabel(t.body, lang)} value={bodyTranslations[lang] ?? ""} onChange={(v) => setBodyTranslations((s) => withText(s, lang, v))} />
            </>
          )}
        />
        {event.rates.length > 1 ? (
          <fieldset>
            <legend className={labelClass}>{t.audience}</legend>
            <div className="flex flex-wrap gap-4 text-sm text-slate-800">
              <label className="flex items-center gap-2">
                <input type="radio" name="notice-audience" className="accent-blue-600" checked={!someRates} onChange={() => setSomeRates(false)} />
                {t.allRates}
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="notice-audience" className="accent-blue-600" checked={someRates} onChange={() => setSomeRates(true)} />
                {t.someRates}
              </label>
            </div>
            {someRates ? (
              <div className="mt-2 grid gap-1.5 pl-1">
                {event.rates.map((rate) => (
                  <label key={rate.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="accent-blue-600"
                      checked={chosen.includes(rate.id)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, rate.id] : c.filter((id) => id !== rate.id)))}
                    />
                    {rate.name}
                  </label>
                ))}
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {error ? (
          <Alert tone="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <NoticeHistory eventId={event.id} />
      </div>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        message={t.confirmMessage(count ?? 0, languages ?? "")}
        confirmLabel={send.isPending ? t.sending : t.send(count ?? 0)}
        cancelLabel={t.back}
        tone="primary"
        busy={send.isPending}
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}

function BodyField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useMemo(() => `notice-body-${crypto.randomUUID().slice(0, 8)}`, []);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea id={id} rows={5} maxLength={NOTICE_BODY_MAX} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} className={`${inputClass} resize-y`} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t.bodyHint(value.length)}
      </p>
    </div>
  );
}

function NoticeHistory({ eventId }: { eventId: number }) {
  const list = useAtomValue(useMemo(() => noticesQueryAtom(eventId), [eventId]));
  return (
    <section aria-labelledby="notice-history" className="border-t border-slate-200 pt-4">
      <h3 id="notice-history" className="mb-2 text-sm font-semibold text-slate-900">
        {t.history}
      </h3>
      {list.isError ? (
        <Alert tone="error" role="alert">
          {itAdmin.loadError}
        </Alert>
      ) : !list.data?.length ? (
        <p className="text-sm text-slate-600">{list.isPending ? "…" : t.none}</p>
      ) : (
        <ul className="space-y-3">
          {list.data.map((n) => (
            <NoticeRow key={n.id} notice={n} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NoticeRow({ notice }: { notice: NoticeItem }) {
  const retry = useAtomValue(retryNoticeAtom);
  return (
    <li data-testid="notice-item" className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold break-words text-slate-900">{notice.subject}</p>
        <p className="text-xs text-slate-600">
          {formatShortDateTime(notice.createdAt)}
          {notice.author ? ` · ${t.by(notice.author)}` : ""}
          {Object.keys(notice.subjectTranslations).length ? ` · ${["it", ...Object.keys(notice.subjectTranslations)].join(" + ").toUpperCase()}` : ""}
        </p>
      </div>
      <p className="mt-1 whitespace-pre-line break-words text-slate-700">{notice.body}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-white px-2 py-0.5 font-medium text-slate-700 ring-1 ring-slate-200">{t.recipients(notice.recipients)}</span>
        <span data-testid="notice-delivered" className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200">
          {t.delivered(notice.delivered)}
        </span>
        {notice.pending > 0 ? <span className="rounded-full bg-amber-50 px-2 py-0.5 font-medium text-amber-900 ring-1 ring-amber-200">{t.pending(notice.pending)}</span> : null}
        {notice.failed > 0 ? (
          <>
            <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-800 ring-1 ring-red-200">{t.failedCount(notice.failed)}</span>
            <MutationButton mutation={retry} variables={{ noticeId: notice.id, eventId: notice.eventId }} done={t.retried} failed={t.retryFailed}>
              {retry.isPending ? t.retrying : t.retry}
            </MutationButton>
          </>
        ) : null}
      </div>
    </li>
  );
}
