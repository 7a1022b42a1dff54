import { useAtomValue } from "jotai";
import { Alert } from "../../../components/alert";
import { AppLink } from "../../../components/app-link";
import { Card, CardHeader } from "../../../components/card";
import { ArrowLeftIcon } from "../../../components/icons";
import { LoadingState } from "../../../components/spinner";
import { itAdmin } from "../../../i18n/it-admin";
import { carouselSettingsQueryAtom } from "../../../lib/queries";
import { CarouselSettingsForm } from "./carousel-settings-form";

const t = itAdmin.carousel;

/** /admin/carousel: the dashboard's carousel form on its own page, with the way back. */
export function CarouselPage() {
  const settings = useAtomValue(carouselSettingsQueryAtom);
  return (
    <div className="space-y-4">
      <AppLink to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="size-4" />
        {itAdmin.backToAdmin}
      </AppLink>
      <Card className="max-w-4xl">
        <CardHeader title={t.title} />
        <div className="px-5 py-5">
          {settings.isPending ? (
            <LoadingState text={t.loading} />
          ) : settings.isError ? (
            <Alert tone="error" role="alert">{itAdmin.loadError}</Alert>
          ) : (
            <CarouselSettingsForm initial={settings.data} failureBody={t.failedBodyDashboard} />
          )}
        </div>
      </Card>
    </div>
  );
}
