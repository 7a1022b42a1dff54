import type { Dispatch, SetStateAction } from "react";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import type { EventDraft, RateDraft } from "./event-draft";

const t = itAdmin.eventModal;

// The event's own texts in English, in the order of the Italian tab; `rows`: a multi-line text.
const EVENT_TEXTS = [
  { key: "titleTranslations", id: "event-title-en", label: "titleEnLabel", rows: 0 },
  { key: "descriptionTranslations", id: "event-description-en", label: "descriptionEnLabel", rows: 3 },
  { key: "prevenditaTitleTranslations", id: "event-presale-title-en", label: "presaleTitleEnLabel", rows: 0 },
  { key: "prevenditaDescriptionTranslations", id: "event-presale-description-en", label: "presaleDescriptionEnLabel", rows: 2 },
] as const;

/** The English tab of the event dialog: the English twin of every text a visitor reads (blank: the Italian one). */
export function EnglishFields({ draft, disabled, onChange }: { draft: EventDraft; disabled?: boolean; onChange: Dispatch<SetStateAction<EventDraft>> }) {
  const field = (key: "titleTranslations" | "descriptionTranslations" | "prevenditaTitleTranslations" | "prevenditaDescriptionTranslations") => ({
    lang: "en",
    className: inputClass,
    value: draft[key],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange((d) => ({ ...d, [key]: e.target.value })),
  });
  const patchRate = (key: string, patch: Partial<RateDraft>) => onChange((d) => ({ ...d, rates: d.rates.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  return (
    <>
      {EVENT_TEXTS.map(({ key, id, label, rows }) => (
        <Field key={key} label={t[label]} htmlFor={id}>
          {rows ? <textarea id={id} rows={rows} {...field(key)} /> : <input id={id} {...field(key)} />}
        </Field>
      ))}
      {draft.rates.map((rate, i) => (
        <fieldset key={rate.key} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t.rateNumber(i + 1)}
            {rate.name ? `: ${rate.name}` : ""}
          </legend>
          <Field label={t.rateNameTranslations} htmlFor={`rate-${rate.key}-name-en`}>
            <input id={`rate-${rate.key}-name-en`} lang="en" className={inputClass} value={rate.nameTranslations} disabled={disabled} onChange={(e) => patchRate(rate.key, { nameTranslations: e.target.value })} />
          </Field>
          <Field label={t.rateDescriptionEn} htmlFor={`rate-${rate.key}-description-en`}>
            <input id={`rate-${rate.key}-description-en`} lang="en" className={inputClass} value={rate.descriptionTranslations} disabled={disabled} onChange={(e) => patchRate(rate.key, { descriptionTranslations: e.target.value })} />
          </Field>
        </fieldset>
      ))}
    </>
  );
}
