import { useAtomValue } from "jotai";
import { useMemo } from "react";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { DataTable, type Column } from "../../../components/data-table";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime } from "../../../lib/format";
import { useAppSearchParams } from "../../../lib/search-params";
import { bookingCodeOf } from "../../../../shared/rules";
import { FilterSelect } from "../components/filter-select";
import { ListState } from "../components/list-state";
import { auditPagesQueryAtom, type AuditEntry, type AuditSearch } from "./queries";
import { SearchField } from "./search-field";

const t = itAdmin.audit;
const ENTITIES = Object.keys(t.entities) as (keyof typeof t.entities)[];

const columns: Column<AuditEntry>[] = [
  { header: t.colAt, className: "whitespace-nowrap tabular-nums text-slate-700", cell: (e) => formatShortDateTime(e.at) },
  { header: t.colStaff, className: "break-all text-slate-800", cell: (e) => e.staffEmail ?? t.system },
  { header: t.colAction, cell: (e) => <span className="font-mono text-xs text-slate-900">{e.action}</span> },
  {
    header: t.colEntity,
    cell: (e) =>
      e.entityId == null ? (
        "—"
      ) : e.entity === "booking" ? (
        <span data-testid="audit-booking-code" className="font-mono text-sm font-semibold tracking-wide text-slate-900" title={e.entityId}>
          {bookingCodeOf(e.entityId)}
        </span>
      ) : (
        <span className="break-all font-mono text-xs text-slate-700">{e.entityId}</span>
      ),
  },
  {
    header: t.colDetails,
    className: "max-w-80",
    cell: (e) => (e.details ? <code className="block break-all text-xs text-slate-600">{JSON.stringify(e.details)}</code> : "—"),
  },
];

/** The filters as the URL carries them (?tab=registro&action=…&entity=…&staff=…&from=…&to=…). */
function useAuditSearch() {
  const [params, setParams] = useAppSearchParams();
  const search: AuditSearch = {
    action: params.get("action") ?? "",
    entityId: params.get("entity") ?? "",
    staff: params.get("staff") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  const setSearch = (next: Partial<AuditSearch>) => {
    const merged = { ...search, ...next };
    const query: Record<string, string> = { tab: params.get("tab") ?? "registro" };
    if (merged.action) query.action = merged.action;
    if (merged.entityId.trim()) query.entity = merged.entityId.trim();
    if (merged.staff.trim()) query.staff = merged.staff.trim();
    if (merged.from) query.from = merged.from;
    if (merged.to) query.to = merged.to;
    setParams(query);
  };
  return [search, setSearch] as const;
}

/** "Registro": who did what in the admin, a page at a time, newest first. */
export function AuditTab() {
  const [search, setSearch] = useAuditSearch();
  const searchKey = JSON.stringify(search);
  const pages = useAtomValue(useMemo(() => auditPagesQueryAtom(search), [searchKey]));
  const rows = pages.data?.pages.flatMap((p) => p.entries);
  const total = pages.data?.pages[0]?.total;
  const filtered = Object.values(search).some(Boolean);
  // An action ("booking.free") keeps its entity selected in the list of entities.
  const entity = search.action.split(".")[0];

  return (
    <Card>
      <div className="grid gap-4 border-b border-slate-200 px-5 py-4 sm:grid-cols-2">
        <SearchField id="audit-entity-id" label={t.entityIdLabel} hint={t.entityIdHint} value={search.entityId} onSearch={(entityId) => setSearch({ entityId })} />
        <SearchField id="audit-staff" label={t.staffLabel} hint={t.staffHint} value={search.staff} onSearch={(staff) => setSearch({ staff })} />
      </div>
      <CardHeader
        title={t.title}
        description={total === undefined || !rows ? undefined : <span data-testid="audit-total">{rows.length < total ? t.shownOf(rows.length, total) : t.count(total)}</span>}
        actions={
          <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap sm:items-end">
            <FilterSelect
              id="audit-action"
              label={t.filterEntity}
              allLabel={t.allEntities}
              className="col-span-2 sm:min-w-48"
              value={ENTITIES.includes(entity as (typeof ENTITIES)[number]) ? (entity as (typeof ENTITIES)[number]) : ""}
              options={ENTITIES.map((e) => ({ value: e, label: t.entities[e] }))}
              onChange={(action) => setSearch({ action })}
            />
            <Field label={t.from} htmlFor="audit-from">
              <input id="audit-from" type="date" className={inputClass} value={search.from} max={search.to || undefined} onChange={(e) => setSearch({ from: e.target.value })} />
            </Field>
            <Field label={t.to} htmlFor="audit-to">
              <input id="audit-to" type="date" className={inputClass} value={search.to} min={search.from || undefined} onChange={(e) => setSearch({ to: e.target.value })} />
            </Field>
            {filtered ? (
              <Button variant="secondary" className="col-span-2 sm:col-span-1" onClick={() => setSearch({ action: "", entityId: "", staff: "", from: "", to: "" })}>
                {itAdmin.bookings.clearFilters}
              </Button>
            ) : null}
          </div>
        }
      />
      <ListState query={{ ...pages, data: rows }} empty={t.empty}>
        {(rows) => (
          <>
            <DataTable rows={rows} rowKey={(e) => e.id} rowTestId="audit-row" columns={columns} />
            {pages.hasNextPage ? (
              <div className="border-t border-slate-200 px-5 py-4 text-center">
                <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                  {pages.isFetchingNextPage ? itAdmin.bookings.loadingMore : itAdmin.bookings.loadMore}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </ListState>
    </Card>
  );
}
