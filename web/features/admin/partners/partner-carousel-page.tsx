import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useAtomValue } from "jotai";
import { Alert } from "../../../components/alert";
import { AppLink } from "../../../components/app-link";
import { Card } from "../../../components/card";
import { ArrowLeftIcon } from "../../../components/icons";
import { LoadingState } from "../../../components/spinner";
import { itAdmin } from "../../../i18n/it-admin";
import { carouselSettingsQueryAtom, partnersQueryAtom } from "../../../lib/queries";
import { useAppSearchParams } from "../../../lib/search-params";
import { CarouselSettingsForm } from "./carousel-settings-form";
import { PartnersPanel } from "./partners-panel";

const t = itAdmin.partners;
const TABS = ["partner", "carosello"] as const;

const tabClass =
  "rounded-md px-4 py-2 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-blue-500 data-selected:bg-white data-selected:text-blue-700 data-selected:shadow-sm";

/** /admin/partners and /admin/partner-carousel: partner logos and the carousel settings. */
export function PartnerCarouselPage() {
  const partners = useAtomValue(partnersQueryAtom);
  const settings = useAtomValue(carouselSettingsQueryAtom);
  const [params, setParams] = useAppSearchParams();
  const index = Math.max(0, TABS.indexOf((params.get("tab") ?? "partner") as (typeof TABS)[number]));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t.title}</h1>
        <AppLink to="/admin" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          <ArrowLeftIcon className="size-4" />
          {itAdmin.backToAdmin}
        </AppLink>
      </div>
      {partners.isPending || settings.isPending ? (
        <LoadingState text={t.loading} />
      ) : partners.isError || settings.isError ? (
        <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>
      ) : (
        <TabGroup selectedIndex={index} onChange={(i) => setParams({ tab: TABS[i] }, { replace: true })}>
          <TabList className="inline-flex gap-1 rounded-lg bg-slate-200/70 p-1">
            <Tab className={tabClass}>{t.tabPartners}</Tab>
            <Tab className={tabClass}>{t.tabCarousel}</Tab>
          </TabList>
          <TabPanels className="mt-4">
            <TabPanel className="outline-none">
              <PartnersPanel partners={partners.data} />
            </TabPanel>
            <TabPanel className="outline-none">
              <Card className="p-5">
                <CarouselSettingsForm initial={settings.data} />
              </Card>
            </TabPanel>
          </TabPanels>
        </TabGroup>
      )}
    </div>
  );
}
