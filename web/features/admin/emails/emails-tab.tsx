import { useAtom, useAtomValue } from "jotai";
import { Card, CardHeader } from "../../../components/card";
import { inputClass, labelClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { ListState } from "../components/list-state";
import { EmailList } from "./email-list";
import { emailFiltersAtom, emailsQueryAtom, type EmailFilters } from "./queries";

const t = itAdmin.emails;
const STATUSES = ["queued", "sending", "sent", "failed"] as const;

/** "E-mail": the outbox (docs/decisions/018-after-the-sale.md). */
export function EmailsTab() {
  const [filters, setFilters] = useAtom(emailFiltersAtom);
  const emails = useAtomValue(emailsQueryAtom);
  return (
    <Card>
      <CardHeader
        title={t.title}
        description={emails.data ? `${t.description} ${t.count(emails.data.length)}.` : t.description}
        actions={
          <div>
            <label htmlFor="emails-status" className={labelClass}>
              {t.filterStatus}
            </label>
            <select id="emails-status" className={inputClass} value={filters.status} onChange={(e) => setFilters({ status: e.target.value as EmailFilters["status"] })}>
              <option value="">{t.allStatuses}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t.status[s]}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <ListState query={emails} empty={t.empty}>
        {(rows) => <EmailList rows={rows} />}
      </ListState>
    </Card>
  );
}
