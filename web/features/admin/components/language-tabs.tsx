import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";
import { LANGUAGES, type Lang } from "../../../../shared/lang";
import { TRANSLATED_LANGS, type Translations } from "../../../../shared/translations";
import { itAdmin } from "../../../i18n/it-admin";

const t = itAdmin.languageTabs;

const tabClass =
  "inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 focus:outline-none data-focus:ring-2 data-focus:ring-blue-600 data-hover:text-slate-900 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm";

/**
 * A form's texts as one tab per language (decision 062): Italian first and required, then every other
 * language of the list, each tab marked while a text written in Italian has no counterpart there.
 * Panels stay mounted: the form's state lives in its draft, and an input's label stays reachable for
 * tests and errors.
 */
export function LanguageTabs({ italian, translated, missing }: { italian: ReactNode; translated: (lang: Lang) => ReactNode; missing: (lang: Lang) => boolean }) {
  return (
    <TabGroup>
      <TabList className="mb-5 flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        <Tab className={tabClass}>{t.italian}</Tab>
        {TRANSLATED_LANGS.map((lang) => (
          <Tab key={lang} className={tabClass} lang={lang}>
            {LANGUAGES[lang].name}
            {missing(lang) ? (
              <span className="inline-block h-2 w-2 rounded-full bg-amber-500" title={t.missing}>
                <span className="sr-only"> ({t.missing})</span>
              </span>
            ) : null}
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        <TabPanel unmount={false} className="focus:outline-none">
          {italian}
        </TabPanel>
        {TRANSLATED_LANGS.map((lang) => (
          <TabPanel key={lang} unmount={false} className="space-y-4 focus:outline-none">
            <p className="text-sm text-slate-600">{t.hint}</p>
            {translated(lang)}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

/** Whether a text written in Italian lacks its `lang` counterpart: the tab's mark. */
export const lacks = (italian: string | null | undefined, translations: Translations, lang: Lang) => !!italian?.trim() && !translations[lang]?.trim();

/** A translated field's label: "Titolo (Deutsch, facoltativo)". */
export const translatedLabel = (label: string, lang: Lang) => t.label(label, LANGUAGES[lang].name);

/** A draft's translations with one language's text set. */
export const withText = (translations: Translations, lang: Lang, text: string): Translations => ({ ...translations, [lang]: text });
