import { useAtomValue } from "jotai";
import { useState } from "react";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { cardClass } from "../../components/card";
import { TextField } from "../../components/field";
import { Modal } from "../../components/modal";
import { notify } from "../../components/notify";
import { useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import { formatLongDateTime } from "../../lib/format";
import { documentPath, passDocumentsQueryAtom, requestInvoiceAtom, type InvoiceBuyer } from "./queries";

const EMPTY = { denominazione: "", partitaIva: "", codiceFiscale: "", nome: "", cognome: "", indirizzo: "", cap: "", comune: "", provincia: "", codiceDestinatario: "", pec: "" };
type Draft = typeof EMPTY;

/** What the server is sent: the fields of the kind chosen; the server checks and words every error. */
function buyerOf(type: "company" | "person", f: Draft): InvoiceBuyer {
  const place = { indirizzo: f.indirizzo, cap: f.cap, comune: f.comune, provincia: f.provincia || null, codiceDestinatario: f.codiceDestinatario || null, pec: f.pec || null };
  return type === "company"
    ? { type, denominazione: f.denominazione, partitaIva: f.partitaIva, codiceFiscale: f.codiceFiscale || null, ...place }
    : { type, nome: f.nome, cognome: f.cognome, codiceFiscale: f.codiceFiscale, ...place };
}

function InvoiceForm({ secret, onDone }: { secret: string; onDone: () => void }) {
  const tr = useT();
  const f = tr.documents.form;
  const request = useAtomValue(requestInvoiceAtom);
  const [type, setType] = useState<"company" | "person">("company");
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof Draft, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={name} value={draft[name]} onChange={(v) => setDraft((d) => ({ ...d, [name]: v }))} {...extra} />
  );
  return (
    <form
      data-testid="invoice-form"
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          const r = await request.mutateAsync({ secret, buyer: buyerOf(type, draft) });
          notify.success(r.already ? f.already(r.invoice.number) : f.issued(r.invoice.number));
          onDone();
        } catch (err) {
          setError(errorMessage(err, f.failed));
        }
      }}
    >
      <p className="text-sm text-slate-700">{f.intro}</p>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        {(["company", "person"] as const).map((t) => (
          <label key={t} className="flex items-center gap-2">
            <input type="radio" name="invoice-type" className="size-4 accent-blue-600" checked={type === t} onChange={() => setType(t)} />
            {f[t]}
          </label>
        ))}
      </fieldset>
      {type === "company" ? (
        <>
          {field("denominazione", f.denominazione, { autoComplete: "organization" })}
          {field("partitaIva", f.partitaIva, { inputMode: "numeric", maxLength: 11 })}
          {field("codiceFiscale", f.codiceFiscaleCompany, { autoCapitalize: "characters", maxLength: 16 })}
        </>
      ) : (
        <>
          {field("nome", f.nome, { autoComplete: "given-name" })}
          {field("cognome", f.cognome, { autoComplete: "family-name" })}
          {field("codiceFiscale", f.codiceFiscale, { autoCapitalize: "characters", maxLength: 16 })}
        </>
      )}
      {field("indirizzo", f.indirizzo, { autoComplete: "street-address" })}
      <div className="grid grid-cols-3 gap-3">
        {field("cap", f.cap, { inputMode: "numeric", maxLength: 5, autoComplete: "postal-code" })}
        {field("comune", f.comune, { className: "col-span-2" })}
      </div>
      {field("provincia", f.provincia, { maxLength: 2, autoCapitalize: "characters" })}
      {field("codiceDestinatario", f.codiceDestinatario, { maxLength: 7, autoCapitalize: "characters", hint: f.codiceDestinatarioHint })}
      {field("pec", f.pec, { type: "email", autoComplete: "email" })}
      {error ? (
        <p role="alert" data-testid="invoice-error" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending ? f.submitting : f.submit}
      </Button>
    </form>
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
