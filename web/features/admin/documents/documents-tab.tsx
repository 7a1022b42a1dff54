import { useAtom, useAtomValue } from "jotai";
import { buttonClass } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { DataTable, type Column } from "../../../components/data-table";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime, toCents } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { DownloadIcon } from "../components/admin-icons";
import { Loaded } from "../components/list-state";
import { useStaff } from "../queries";
import { FiscalIdentityCard } from "./fiscal-identity-card";
import { adminXmlUrl, documentsMonthAtom, documentsQueryAtom, exportUrl, type AdminDocument } from "./queries";

const t = itAdmin.documents;
const link = "font-medium text-blue-700 underline-offset-2 hover:underline";

const columns: Column<AdminDocument>[] = [
  { header: t.colKind, className: "whitespace-nowrap", cell: (d) => t.kinds[d.kind] },
  {
    header: t.colNumber,
    className: "whitespace-nowrap font-mono text-sm",
    cell: (d) => (
      <>
        {d.number}
        {d.invoiceNumber ? <p className="text-xs font-sans text-slate-600">{t.corrects(d.invoiceNumber)}</p> : null}
      </>
    ),
  },
  { header: t.colDate, className: "whitespace-nowrap tabular-nums text-slate-700", cell: (d) => formatShortDateTime(d.issuedAt) },
  { header: t.colCustomer, className: "max-w-64 text-slate-800", cell: (d) => d.customer },
  { header: t.colTaxable, end: true, className: "whitespace-nowrap tabular-nums", cell: (d) => formatEuro(d.taxable, "it") },
  { header: t.colVat, end: true, className: "whitespace-nowrap tabular-nums", cell: (d) => `${formatEuro(d.vat, "it")} (${d.vatRate.replace(".00", "")}%)` },
  { header: t.colTotal, end: true, className: "whitespace-nowrap font-medium tabular-nums", cell: (d) => formatEuro(d.total, "it") },
  {
    header: t.colFiles,
    className: "whitespace-nowrap",
    cell: (d) => (
      <span className="flex gap-3">
        <a href={`/ricevuta/${d.id}`} target="_blank" rel="noreferrer" className={link}>
          {t.open}
        </a>
        {d.kind !== "receipt" ? (
          <a href={adminXmlUrl(d.id)} download className={link}>
            {t.xml}
          </a>
        ) : null}
      </span>
    ),
  },
];

/** "Documenti": the month's receipts, invoices and credit notes, its ZIP for the accountant, and (owner) the fiscal identity. */
export function DocumentsTab() {
  const staff = useStaff();
  const [month, setMonth] = useAtom(documentsMonthAtom);
  const query = useAtomValue(documentsQueryAtom);
  const receiptsCents = query.data?.documents.filter((d) => d.kind === "receipt").reduce((s, d) => s + toCents(d.total), 0) ?? 0;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title={t.title}
          description={query.data ? t.count(query.data.documents.length, formatEuro(receiptsCents, "it")) : undefined}
          actions={
            <div className="flex flex-wrap items-end gap-3">
              <Field label={t.month} htmlFor="documents-month">
                <input id="documents-month" type="month" className={inputClass} value={month} onChange={(e) => setMonth(e.target.value)} />
              </Field>
              <a href={exportUrl(month)} download data-testid="documents-export" className={buttonClass("secondary")}>
                <DownloadIcon className="size-4" />
                {t.exportZip}
              </a>
            </div>
          }
        />
        <Loaded query={query} padded>
          {(data) =>
            data.documents.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-600">{t.empty}</p>
            ) : (
              <DataTable rows={data.documents} rowKey={(d) => d.id} rowTestId="document-row" columns={columns} />
            )
          }
        </Loaded>
      </Card>
      {staff.role === "owner" ? <FiscalIdentityCard /> : null}
    </div>
  );
}
