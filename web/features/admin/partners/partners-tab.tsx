import { AppLink } from "../../../components/app-link";
import { Card, CardHeader } from "../../../components/card";
import { itAdmin } from "../../../i18n/it-admin";

const t = itAdmin.partnersTab;

export function PartnersTab() {
  return (
    <Card className="max-w-2xl">
      <CardHeader title={t.title} description={t.description} />
      <div className="px-5 py-5">
        <AppLink to="/admin/partner-carousel" className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
          {t.open} →
        </AppLink>
      </div>
    </Card>
  );
}
