import { atomWithInfiniteQuery } from "jotai-tanstack-query";
import { client, unwrap, type OkBody } from "../../../lib/api";
import { queryKeys } from "../../../lib/query-keys";

/** The Registro tab's filters as its URL carries them (empty: no filter). */
export type AuditSearch = { action: string; entityId: string; staff: string; from: string; to: string };

export type AuditPage = OkBody<Awaited<ReturnType<typeof client.api.admin.audit.page.$get>>>;
export type AuditEntry = AuditPage["entries"][number];

export const AUDIT_PAGE_SIZE = 50;

/** One search's pages, newest first, from GET /api/admin/audit/page (one atom per search: make it with useMemo). */
export const auditPagesQueryAtom = (search: AuditSearch) =>
  atomWithInfiniteQuery(() => ({
    queryKey: queryKeys.admin.audit(search),
    queryFn: ({ pageParam }: { pageParam: string }) => {
      const query: Record<string, string> = { limit: String(AUDIT_PAGE_SIZE) };
      for (const [key, value] of Object.entries(search)) if (value.trim()) query[key] = value.trim();
      if (pageParam) query.cursor = pageParam;
      return unwrap(client.api.admin.audit.page.$get({ query }));
    },
    initialPageParam: "",
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
    enabled: !search.from || !search.to || search.from <= search.to,
  }));
