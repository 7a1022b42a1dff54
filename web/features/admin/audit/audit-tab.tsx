import { Card, CardHeader } from "../../../components/card";
import type { Column } from "../../../components/data-table";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime } from "../../../lib/format";
import { BookingCode } from "../components/booking-cells";
import { FilterSelect } from "../components/filter-select";
import { DateRangeFields, ListFilters } from "../components/list-filters";
import { listCount, PagedTable } from "../components/list-state";
import { usePages, useUrlSearch } from "../components/paged-search";
import { SearchField } from "../components/search-field";
import { auditPagesQueryAtom, type AuditEntry, type AuditSearch } from "./queries";

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
        <BookingCode id={e.entityId} testId="audit-booking-code" title={e.entityId} />
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

/** "Registro": who did what in the admin, a page at a time, newest first. */
export function AuditTab() {
  // ?tab=registro&action=…&entity=…&staff=…&from=…&to=…
  const [search, setSearch] = useUrlSearch<AuditSearch>("registro", { action: "action", entityId: "entity", staff: "staff", from: "from", to: "to" });
  const { pages, rows, first } = usePages(auditPagesQueryAtom, search, (p) => p.entries);
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
        description={listCount("audit-total", rows, first?.total, t)}
        actions={
          <ListFilters onClear={filtered ? () => setSearch({ action: "", entityId: "", staff: "", from: "", to: "" }) : undefined}>
            <FilterSelect
              id="audit-action"
              label={t.filterEntity}
              allLabel={t.allEntities}
              className="col-span-2 sm:min-w-48"
              value={ENTITIES.includes(entity as (typeof ENTITIES)[number]) ? (entity as (typeof ENTITIES)[number]) : ""}
              options={ENTITIES.map((e) => ({ value: e, label: t.entities[e] }))}
              onChange={(action) => setSearch({ action })}
            />
            <DateRangeFields id="audit" labels={t} from={search.from} to={search.to} onChange={setSearch} />
          </ListFilters>
        }
      />
      <PagedTable pages={pages} rows={rows} empty={t.empty} rowKey={(e) => e.id} rowTestId="audit-row" columns={columns} />
    </Card>
  );
}
