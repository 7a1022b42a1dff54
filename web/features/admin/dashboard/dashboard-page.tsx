import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Navigate } from "react-router";
import { itAdmin } from "../../../i18n/it-admin";
import { useAppSearchParams } from "../../../lib/search-params";
import { BookingsTab } from "../bookings/bookings-tab";
import { CategoriesTab } from "../categories/categories-tab";
import { EmailsTab } from "../emails/emails-tab";
import { EventsTab } from "../events/events-tab";
import { NotificationsTab } from "../notifications/notifications-tab";
import { OverviewTab } from "../overview/overview-tab";
import { PartnersTab } from "../partners/partners-tab";
import { PaymentsTab } from "../payments/payments-tab";
import { useStaff } from "../../../entities/staff/session";
import { UsersTab } from "../users/users-tab";
import { WaitlistTab } from "../waitlist/waitlist-tab";
import { ConfigurationBanners } from "./configuration-banners";
import { DocumentsTab } from "../documents/documents-tab";
import { AuditTab } from "../audit/audit-tab";

const t = itAdmin.tabs;

/** The tab lives in the URL (?tab=eventi) so reload and the back button keep it. */
const DASHBOARD_TABS = [
  { key: "overview", label: t.overview, Panel: OverviewTab },
  { key: "eventi", label: t.events, Panel: EventsTab },
  { key: "categorie", label: t.categories, Panel: CategoriesTab },
  { key: "partner", label: t.partners, Panel: PartnersTab },
  { key: "prenotazioni", label: t.bookings, Panel: BookingsTab },
  { key: "notifiche", label: t.notifications, Panel: NotificationsTab },
  { key: "pagamenti", label: t.payments, Panel: PaymentsTab },
  { key: "email", label: t.emails, Panel: EmailsTab },
  { key: "lista-attesa", label: t.waitlist, Panel: WaitlistTab },
  { key: "documenti", label: t.documents, Panel: DocumentsTab },
  { key: "registro", label: t.audit, Panel: AuditTab },
  // Accounts are the owner's alone (the API answers 403 to anyone else).
  { key: "utenti", label: t.users, Panel: UsersTab, ownerOnly: true },
] as const;

export function DashboardPage() {
  const [params, setParams] = useAppSearchParams();
  const staff = useStaff();
  const tabs = DASHBOARD_TABS.filter((tab) => !("ownerOnly" in tab) || staff.role === "owner");
  const requested = params.get("tab") ?? "overview";
  // Spec §2: the hidden eighth tab 'carousel' has no trigger; it is the carousel form's own page.
  if (requested === "carousel") return <Navigate to="/admin/carousel" replace />;
  const index = Math.max(0, tabs.findIndex((tab) => tab.key === requested));

  return (
    <>
      <ConfigurationBanners />
      <TabGroup selectedIndex={index} onChange={(i) => setParams({ tab: tabs[i].key })}>
        <TabList className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              className="shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 outline-none hover:border-slate-300 hover:text-slate-900 focus-visible:rounded-t-md focus-visible:ring-2 focus-visible:ring-blue-500 data-selected:border-blue-600 data-selected:text-blue-700"
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {tabs.map(({ key, Panel }) => (
            <TabPanel key={key} className="outline-none">
              <Panel />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}
