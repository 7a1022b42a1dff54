import type { Dispatch, SetStateAction } from "react";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import type { Lang } from "../../../../shared/lang";
import { lacks, translatedLabel, withText } from "../components/language-tabs";
import type { EventDraft, RateDraft } from "./event-draft";

const t = itAdmin.eventModal;

// The event's own texts, in the order of the Italian tab; `rows`: a multi-line text.
const EVENT_TEXTS = [
  { key: "titleTranslations", italian: "title", id: "event-title", label: t.titleLabel, rows: 0 },
  { key: "descriptionTranslations", italian: "description", id: "event-description", label: t.descriptionLabel, rows: 3 },
  { key: "prevenditaTitleTranslations", italian: "prevenditaTitle", id: "event-presale-title", label: t.presaleTitleLabel, rows: 0 },
  { key: "prevenditaDescriptionTranslations", italian: "prevenditaDescription", id: "event-presale-description", label: t.presaleDescriptionLabel, rows: 2 },
] as const;

// Each rate's texts, likewise.
const RATE_TEXTS = [
  { key: "nameTranslations", italian: "name", id: "name", label: t.rateName },
  { key: "descriptionTranslations", italian: "description", id: "description", label: t.rateDescription },
] as const;

/** Whether the event's `lang` tab lacks a text the Italian one has (the tab's mark). */
export const eventLacks = (draft: EventDraft, lang: Lang) =>
  EVENT_TEXTS.some(({ key, italian }) => lacks(draft[italian], draft[key], lang)) ||
  draft.rates.some((r) => RATE_TEXTS.some(({ key, italian }) => lacks(r[italian], r[key], lang)));

/** One language's tab of the event dialog: every text a visitor reads (blank: English, else the Italian). */
export function TranslatedFields({ lang, draft, disabled, onChange }: { lang: Lang; draft: EventDraft; disabled?: boolean; onChange: Dispatch<SetStateAction<EventDraft>> }) {
  const field = (key: (typeof EVENT_TEXTS)[number]["key"]) => ({
    lang,
    className: inputClass,
    value: draft[key][lang] ?? "",
    disabled,
    onChange: (e: { target: { value: string } }) => onChange((d) => ({ ...d, [key]: withText(d[key], lang, e.target.value) })),
  });
  const patchRate = (key: string, patch: (r: RateDraft) => Partial<RateDraft>) => onChange((d) => ({ ...d, rates: d.rates.map((r) => (r.key === key ? { ...r, ...patch(r) } : r)) }));
  return (
    <>
      {EVENT_TEXTS.map(({ key, id, label, rows }) => (
        <Field key={key} label={translatedLabel(label, lang)} htmlFor={`${id}-${lang}`}>
          {rows ? <textarea id={`${id}-${lang}`} rows={rows} {...field(key)} /> : <input id={`${id}-${lang}`} {...field(key)} />}
        </Field>
      ))}
      {draft.rates.map((rate, i) => (
        <fieldset key={rate.key} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-800">
            {t.rateNumber(i + 1)}
            {rate.name ? `: ${rate.name}` : ""}
          </legend>
          {RATE_TEXTS.map(({ key, id, label }) => (
            <Field key={key} label={translatedLabel(label, lang)} htmlFor={`rate-${rate.key}-${id}-${lang}`}>
              <input
                id={`rate-${rate.key}-${id}-${lang}`}
                lang={lang}
                className={inputClass}
                value={rate[key][lang] ?? ""}
                disabled={disabled}
                onChange={(e) => patchRate(rate.key, (r) => ({ [key]: withText(r[key], lang, e.target.value) }))}
              />
            </Field>
          ))}
        </fieldset>
      ))}
    </>
  );
}
