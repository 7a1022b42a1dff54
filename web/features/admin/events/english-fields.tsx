import type { Dispatch, SetStateAction } from "react";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import type { EventDraft, RateDraft } from "./event-draft";

const t = itAdmin.eventModal;

/** The English tab of the event dialog: the English twin of every text a visitor reads (blank: the Italian one). */
export function EnglishFields({ draft, disabled, onChange }: { draft: EventDraft; disabled?: boolean; onChange: Dispatch<SetStateAction<EventDraft>> }) {
  const field = (key: "titleEn" | "descriptionEn" | "prevenditaTitleEn" | "prevenditaDescriptionEn") => ({
    lang: "en",
    className: inputClass,
    value: draft[key],
    disabled,
    onChange: (e: { target: { value: string } }) => onChange((d) => ({ ...d, [key]: e.target.value })),
  });
  const patchRate = (key: string, patch: Partial<RateDraft>) => onChange((d) => ({ ...d, rates: d.rates.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  return (
    <>
      <Field label={t.titleEnLabel} htmlFor="event-title-en">
        <input id="event-title-en" {...field("titleEn")} />
      </Field>
      <Field label={t.descriptionEnLabel} htmlFor="event-description-en">
        <textarea id="event-description-en" rows={3} {...field("descriptionEn")} />
      </Field>
      <Field label={t.presaleTitleEnLabel} htmlFor="event-presale-title-en">
        <input id="event-presale-title-en" {...field("prevenditaTitleEn")} />
      </Field>
      <Field label={t.presaleDescriptionEnLabel} htmlFor="event-presale-description-en">
        <textarea id="event-presale-description-en" rows={2} {...field("prevenditaDescriptionEn")} />
      </Field>
      {draft.rates.map((rate, i) => (
        <fieldset key={rate.key} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t.rateNumber(i + 1)}
            {rate.name ? `: ${rate.name}` : ""}
          </legend>
          <Field label={t.rateNameEn} htmlFor={`rate-${rate.key}-name-en`}>
            <input id={`rate-${rate.key}-name-en`} lang="en" className={inputClass} value={rate.nameEn} disabled={disabled} onChange={(e) => patchRate(rate.key, { nameEn: e.target.value })} />
          </Field>
          <Field label={t.rateDescriptionEn} htmlFor={`rate-${rate.key}-description-en`}>
            <input id={`rate-${rate.key}-description-en`} lang="en" className={inputClass} value={rate.descriptionEn} disabled={disabled} onChange={(e) => patchRate(rate.key, { descriptionEn: e.target.value })} />
          </Field>
        </fieldset>
      ))}
    </>
  );
}
