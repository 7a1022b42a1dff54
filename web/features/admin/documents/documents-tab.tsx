import { useAtom, useAtomValue } from "jotai";
import { useState } from "react";
import { Alert } from "../../../components/alert";
import { Button, buttonClass } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { BuyerForm } from "../../../entities/document/buyer-form";
import { Card, CardHeader } from "../../../components/card";
import { DataTable, type Column } from "../../../components/data-table";
import { Field, inputClass } from "../../../components/field";
import { itAdmin } from "../../../i18n/it-admin";
import { formatShortDateTime, toCents } from "../../../lib/format";
import { formatEuro } from "../../../../shared/lifecycle/money";
import { DownloadIcon } from "../components/admin-icons";
import { Loaded } from "../components/list-state";
import { useStaff } from "../../../entities/staff/session";
import { FiscalIdentityCard } from "./fiscal-identity-card";
import { adminXmlUrl, documentsMonthAtom, documentsQueryAtom, exportUrl, resendDocumentAtom, type AdminDocument } from "./queries";

const t = itAdmin.documents;
const link = "font-medium text-blue-700 underline-offset-2 hover:underline";

const sdiTones: Record<NonNullable<AdminDocument["sdi"]>["status"], string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  sent: "bg-sky-50 text-sky-700 ring-sky-200",
  delivered: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  discarded: "bg-red-50 text-red-700 ring-red-200",
};

/** Where an invoice or credit note is with SdI; a discarded one with SdI's reason and "Correggi e reinvia". */
function SdiCell({ d, onCorrect }: { d: AdminDocument; onCorrect: (d: AdminDocument) => void }) {
  const sdi = d.sdi;
  if (!sdi) return <span className="text-slate-400">—</span>;
  return (
    <div data-testid="document-sdi" data-sdi={sdi.status} className="max-w-72 space-y-1 text-xs">
      <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 font-semibold ring-1 ${sdiTones[sdi.status]}`}>{t.sdiStates[sdi.status]}</span>
      {sdi.queued && sdi.attempt > 0 ? <p className="text-slate-600">{t.sdiQueued}</p> : null}
      {sdi.attempt > 1 ? <p className="text-slate-600">{t.sdiAttempt(sdi.attempt)}</p> : null}
      {sdi.lastError && sdi.status === "pending" ? <p className="text-amber-800">{t.sdiLastError(sdi.lastError)}</p> : null}
      {sdi.status === "discarded" ? (
        <>
          <p className="text-red-800">{sdi.reason}</p>
          <p className="text-slate-600">{t.sdiNeverIssued}</p>
          <Button type="button" size="sm" variant="secondary" onClick={() => onCorrect(d)}>
            {t.correct}
          </Button>
        </>
      ) : null}
      {sdi.history.length ? <p className="text-slate-500">{t.sdiHistory(sdi.history.length)}</p> : null}
    </div>
  );
}

function CorrectDialog({ doc, onClose }: { doc: AdminDocument | null; onClose: () => void }) {
  const resend = useAtomValue(resendDocumentAtom);
  return (
    <Modal open={doc !== null} onClose={onClose} title={doc ? t.correctTitle(doc.number) : ""}>
      {doc ? (
        <BuyerForm
          key={doc.id}
          testId="document-correct-form"
          idPrefix="correct-"
          initial={doc.buyer}
          intro={t.correctIntro}
          submitLabel={t.correctSubmit}
          pending={resend.isPending}
          onSubmit={async (buyer) => {
            await resend.mutateAsync({ id: doc.id, buyer });
            notify.success(t.resent(doc.number));
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

const columnsOf = (onCorrect: (d: AdminDocument) => void): Column<AdminDocument>[] => [
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
  { header: t.colSdi, cell: (d) => <SdiCell d={d} onCorrect={onCorrect} /> },
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
  const [correcting, setCorrecting] = useState<AdminDocument | null>(null);
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
          {(data) => (
            <>
              {data.sdiMode !== "live" ? (
                <div className="px-5 pt-4" data-testid="sdi-mode" data-mode={data.sdiMode}>
                  <Alert tone={data.sdiMode === "off" ? "warning" : "info"}>{data.sdiMode === "off" ? t.sdiOff : t.sdiDemo}</Alert>
                </div>
              ) : null}
              {data.documents.length === 0 ? (
                <p className="px-5 py-10 text-center text-sm text-slate-600">{t.empty}</p>
              ) : (
                <DataTable rows={data.documents} rowKey={(d) => d.id} rowTestId="document-row" columns={columnsOf(setCorrecting)} />
              )}
            </>
          )}
        </Loaded>
      </Card>
      <CorrectDialog doc={correcting} onClose={() => setCorrecting(null)} />
      {staff.role === "owner" ? <FiscalIdentityCard /> : null}
    </div>
  );
}
