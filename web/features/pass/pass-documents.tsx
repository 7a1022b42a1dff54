import { useAtomValue } from "jotai";
import { useState } from "react";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { cardClass } from "../../components/card";
import { Modal } from "../../components/modal";
import { notify } from "../../components/notify";
import { useT } from "../../i18n/lang";
import { formatLongDateTime } from "../../lib/format";
import { BuyerForm } from "../../entities/document/buyer-form";
import { documentPath, passDocumentsQueryAtom, requestInvoiceAtom } from "../../entities/document/queries";

function InvoiceForm({ secret, onDone }: { secret: string; onDone: () => void }) {
  const f = useT().documents.form;
  const request = useAtomValue(requestInvoiceAtom);
  return (
    <BuyerForm
      testId="invoice-form"
      intro={f.intro}
      submitLabel={f.submit}
      pending={request.isPending}
      onSubmit={async (buyer) => {
        const r = await request.mutateAsync({ secret, buyer });
        notify.success(r.already ? f.already(r.invoice.number) : f.issued(r.invoice.number));
        onDone();
      }}
    />
  );
}

/** On the pass page: the payment's receipt, its invoice and credit notes, and "Richiedi fattura" while it may be asked. */
export function PassDocuments({ secret }: { secret: string }) {
  const tr = useT();
  const d = tr.documents;
  const query = useAtomValue(passDocumentsQueryAtom);
  const [open, setOpen] = useState(false);
  const docs = query.data;
  if (!docs?.receipt) return null;
  const windowOpen = docs.invoiceUntil !== null && Date.parse(docs.invoiceUntil) > Date.now();
  const link = "text-sm font-medium text-blue-700 underline";
  return (
    <section data-testid="pass-documents" className={`${cardClass} space-y-3 p-5`} aria-labelledby="pass-documents-title">
      <h2 id="pass-documents-title" className="text-lg font-bold text-slate-900">
        {d.onPass}
      </h2>
      <ul className="space-y-1">
        <li>
          <AppLink to={documentPath(docs.receipt.id)} className={link}>
            {d.openReceipt(docs.receipt.number)}
          </AppLink>
        </li>
        {docs.invoice ? (
          <li>
            <AppLink to={documentPath(docs.invoice.id)} className={link}>
              {d.openInvoice(docs.invoice.number)}
            </AppLink>
          </li>
        ) : null}
        {docs.creditNotes.map((n) => (
          <li key={n.id}>
            <AppLink to={documentPath(n.id)} className={link}>
              {d.openCreditNote(n.number)}
            </AppLink>
          </li>
        ))}
      </ul>
      {docs.invoice ? null : !docs.invoicesEnabled ? (
        <p className="text-sm text-slate-600">{d.notConfigured}</p>
      ) : windowOpen ? (
        <>
          <p className="text-sm text-slate-600">{d.requestUntil(formatLongDateTime(docs.invoiceUntil!, tr.dates))}</p>
          <Button type="button" variant="secondary" className="w-full" onClick={() => setOpen(true)}>
            {d.requestInvoice}
          </Button>
          <Modal open={open} onClose={() => setOpen(false)} title={d.form.title}>
            <InvoiceForm secret={secret} onDone={() => setOpen(false)} />
          </Modal>
        </>
      ) : (
        <p className="text-sm text-slate-600">{d.windowClosed}</p>
      )}
    </section>
  );
}
