import { useState } from "react";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { useT } from "../../i18n/lang";
import { errorMessage } from "../../lib/api";
import type { InvoiceBuyer } from "./queries";

const EMPTY = { denominazione: "", partitaIva: "", codiceFiscale: "", nome: "", cognome: "", indirizzo: "", cap: "", comune: "", provincia: "", codiceDestinatario: "", pec: "" };
type Draft = typeof EMPTY;

/** What the server is sent: the fields of the kind chosen; the server checks and words every error. */
function buyerOf(type: "company" | "person", f: Draft): InvoiceBuyer {
  const place = { indirizzo: f.indirizzo, cap: f.cap, comune: f.comune, provincia: f.provincia || null, codiceDestinatario: f.codiceDestinatario || null, pec: f.pec || null };
  return type === "company"
    ? { type, denominazione: f.denominazione, partitaIva: f.partitaIva, codiceFiscale: f.codiceFiscale || null, ...place }
    : { type, nome: f.nome, cognome: f.cognome, codiceFiscale: f.codiceFiscale, ...place };
}

/** A buyer already given (a discarded invoice's, to correct it) as the form's fields. */
function draftOf(buyer: Record<string, unknown> | null | undefined): Draft {
  const draft = { ...EMPTY };
  if (!buyer) return draft;
  for (const key of Object.keys(EMPTY) as (keyof Draft)[]) {
    const v = buyer[key];
    if (typeof v === "string") draft[key] = v;
  }
  return draft;
}

/**
 * Who the fattura elettronica is for: a company or a private person, with address and delivery
 * (Codice Destinatario or PEC). The one form of "Richiedi fattura" on the pass page, at checkout and
 * of the admin's correction of a discarded invoice; the server validates (docs/decisions/047-documents.md).
 */
export function BuyerForm({
  initial,
  intro,
  submitLabel,
  pending,
  onSubmit,
  testId,
  idPrefix = "",
}: {
  initial?: Record<string, unknown> | null;
  intro?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (buyer: InvoiceBuyer) => Promise<void>;
  testId: string;
  idPrefix?: string;
}) {
  const tr = useT();
  const f = tr.documents.form;
  const [type, setType] = useState<"company" | "person">(initial?.type === "person" ? "person" : "company");
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof Draft, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={`${idPrefix}${name}`} value={draft[name]} onChange={(v) => setDraft((d) => ({ ...d, [name]: v }))} {...extra} />
  );
  return (
    <form
      data-testid={testId}
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await onSubmit(buyerOf(type, draft));
        } catch (err) {
          setError(errorMessage(err, f.failed));
        }
      }}
    >
      {intro ? <p className="text-sm text-slate-700">{intro}</p> : null}
      <fieldset className="flex flex-wrap gap-4 text-sm">
        {(["company", "person"] as const).map((t) => (
          <label key={t} className="flex items-center gap-2">
            <input type="radio" name={`${idPrefix}invoice-type`} className="size-4 accent-blue-600" checked={type === t} onChange={() => setType(t)} />
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
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? f.submitting : submitLabel}
      </Button>
    </form>
  );
}
