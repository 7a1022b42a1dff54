import type { ReactNode } from "react";
import { inputClass, labelClass } from "../../../components/field";
import type { Lang } from "../../../../shared/lang";
import type { Translations } from "../../../../shared/translations";
import { LanguageTabs, lacks, translatedLabel, withText } from "./language-tabs";

/**
 * One short text (a category's, partner's or season's name) as a tab per language: the Italian input
 * `italian` (the form's own, required), then an input per other language (decision 062).
 */
export function TranslatedText({
  id,
  label,
  italianValue,
  italian,
  translations,
  onChange,
  maxLength,
}: {
  id: string;
  label: string;
  italianValue: string;
  italian: ReactNode;
  translations: Translations;
  onChange: (next: Translations) => void;
  maxLength?: number;
}) {
  const input = (lang: Lang) => (
    <div>
      <label htmlFor={`${id}-${lang}`} className={labelClass}>
        {translatedLabel(label, lang)}
      </label>
      <input id={`${id}-${lang}`} lang={lang} className={inputClass} maxLength={maxLength} value={translations[lang] ?? ""} onChange={(e) => onChange(withText(translations, lang, e.target.value))} />
    </div>
  );
  return <LanguageTabs italian={italian} translated={input} missing={(lang) => lacks(italianValue, translations, lang)} />;
}
