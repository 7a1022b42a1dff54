import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import type { ReactNode } from "react";

const tabClass =
  "rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 focus:outline-none data-focus:ring-2 data-focus:ring-blue-600 data-hover:text-slate-900 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm";

/**
 * The Italian text of a form and its optional English twin, as two tabs of the same dialog. Panels stay
 * mounted: the form's state lives in its draft, and an input's label stays reachable for tests and errors.
 */
export function LanguageTabs({ labels, italian, english }: { labels: { italian: string; english: string; hint: string }; italian: ReactNode; english: ReactNode }) {
  return (
    <TabGroup>
      <TabList className="mb-5 inline-flex gap-1 rounded-xl bg-slate-100 p-1">
        <Tab className={tabClass}>{labels.italian}</Tab>
        <Tab className={tabClass} lang="en">
          {labels.english}
        </Tab>
      </TabList>
      <TabPanels>
        <TabPanel unmount={false} className="focus:outline-none">
          {italian}
        </TabPanel>
        <TabPanel unmount={false} className="space-y-4 focus:outline-none">
          <p className="text-sm text-slate-600">{labels.hint}</p>
          {english}
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
