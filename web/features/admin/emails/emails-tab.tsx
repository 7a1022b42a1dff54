import { useAtom, useAtomValue } from "jotai";
import * as InstantFns from "temporal-polyfill/fns/Instant";
import * as NowFns from "temporal-polyfill/fns/Now";
import { Card, CardHeader } from "../../../components/card";
import { inputClass, labelClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { ListState } from "../components/list-state";
import { Choices } from "../components/filter-select";
import { EmailList } from "./email-list";
import { emailBacklogQueryAtom, emailFiltersAtom, emailsQueryAtom, type EmailFilters } from "./queries";

const t = itAdmin.emails;
const STATUSES = ["queued", "sending", "sent", "failed"] as const;

/** How many messages wait and how old the oldest is: a stuck queue shows at a glance. */
function Backlog() {
  const backlog = useAtomValue(emailBacklogQueryAtom);
  if (!backlog.data) return null;
  const { waiting, oldestCreatedAt, failed } = backlog.data;
  const minutes = oldestCreatedAt ? InstantFns.diffMinutes(InstantFns.fromString(oldestCreatedAt), NowFns.instant(), "floor") : 0;
  return (
    <p className="px-5 pb-3 text-sm text-slate-700" role="status" data-testid="email-backlog">
      {waiting === 0 ? t.backlogNone : t.backlog(waiting, Math.max(0, minutes))}
      {failed > 0 ? ` ${t.backlogFailed(failed)}` : ""}
    </p>
  );
}

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
              <Choices none={t.allStatuses} options={STATUSES.map((s) => ({ value: s, label: t.status[s] }))} />
            </select>
          </div>
        }
      />
      <Backlog />
      <ListState query={emails} empty={t.empty}>
        {(rows) => <EmailList rows={rows} />}
      </ListState>
    </Card>
  );
}
