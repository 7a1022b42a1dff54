import { useAtomValue } from "jotai";
import { Alert } from "../../../components/alert";
import { itAdmin } from "../../../i18n/it-admin";
import { configurationQueryAtom } from "../queries";

const t = itAdmin.configuration;

/**
 * One red banner per configuration problem the Worker reports (GET /api/admin/configuration): a
 * shop without its payment secrets, or with a stand-in, says so on the owner's first screen.
 */
export function ConfigurationBanners() {
  const query = useAtomValue(configurationQueryAtom);
  const problems = query.data?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <section aria-label={t.label} className="mb-6 space-y-3" data-testid="configuration-banners">
      {problems.map((code) => (
        <div key={code} data-problem={code}>
          <Alert tone="error" title={t.problems[code].title}>
            {t.problems[code].fix}
          </Alert>
        </div>
      ))}
    </section>
  );
}
