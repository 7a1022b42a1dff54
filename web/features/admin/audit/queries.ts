import { client, unwrap, type OkBody } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";
import { pagedSearchAtom } from "../components/paged-search";

/** The Registro tab's filters as its URL carries them (empty: no filter). */
export type AuditSearch = { action: string; entityId: string; staff: string; from: string; to: string };

export type AuditPage = OkBody<Awaited<ReturnType<typeof client.api.admin.audit.page.$get>>>;
export type AuditEntry = AuditPage["entries"][number];

/** One search's pages, newest first, from GET /api/admin/audit/page. */
export const auditPagesQueryAtom = (search: AuditSearch) =>
  pagedSearchAtom(queryKeys.admin.audit(search), search, (query) => unwrap(client.api.admin.audit.page.$get({ query })), !search.from || !search.to || search.from <= search.to);
