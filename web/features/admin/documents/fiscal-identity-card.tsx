import { useAtomValue } from "jotai";
import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { TextField } from "../../../components/field";
import { notify } from "../../../components/notify";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { fiscalIdentityQueryAtom, saveFiscalIdentityAtom, type FiscalIdentityInput } from "./queries";

const t = itAdmin.documents.identity;

const EMPTY: FiscalIdentityInput = {
  ragioneSociale: "",
  partitaIva: "",
  codiceFiscale: "",
  indirizzo: "",
  cap: "",
  comune: "",
  provincia: "",
  regimeFiscale: "RF01",
  vatRate: "22",
  invoiceSeries: "FE",
  accountantEmail: "",
};

/** The owner's form of the garage's fiscal identity; the Worker checks every field (partita IVA check digit included). */
export function FiscalIdentityCard() {
  const query = useAtomValue(fiscalIdentityQueryAtom);
  const save = useAtomValue(saveFiscalIdentityAtom);
  const [draft, setDraft] = useState<FiscalIdentityInput>(EMPTY);
  useEffect(() => {
    const i = query.data?.identity;
    if (i)
      setDraft({
        ragioneSociale: i.ragioneSociale,
        partitaIva: i.partitaIva,
        codiceFiscale: i.codiceFiscale,
        indirizzo: i.indirizzo,
        cap: i.cap,
        comune: i.comune,
        provincia: i.provincia,
        regimeFiscale: i.regimeFiscale,
        vatRate: (i.vatRateBp / 100).toString().replace(".", ","),
        invoiceSeries: i.invoiceSeries,
        accountantEmail: i.accountantEmail,
      });
  }, [query.data]);
  const field = (name: keyof FiscalIdentityInput, label: string, hint?: string) => (
    <TextField label={label} name={name} hint={hint} value={draft[name]} onChange={(v) => setDraft((d) => ({ ...d, [name]: v }))} />
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(draft);
      notify.success(t.saved);
    } catch (err) {
      notify.error(t.saveFailed, errorMessage(err, t.saveFailed));
    }
  };
  return (
    <Card>
      <CardHeader title={t.title} description={t.description} />
      <form data-testid="fiscal-identity" onSubmit={submit} className="grid gap-4 p-5 sm:grid-cols-2">
        {query.data && !query.data.identity ? (
          <Alert tone="info" role="status">
            {t.missing}
          </Alert>
        ) : null}
        {field("ragioneSociale", t.ragioneSociale)}
        {field("partitaIva", t.partitaIva)}
        {field("codiceFiscale", t.codiceFiscale)}
        {field("indirizzo", t.indirizzo)}
        {field("cap", t.cap)}
        {field("comune", t.comune)}
        {field("provincia", t.provincia)}
        {field("regimeFiscale", t.regimeFiscale, t.regimeHint)}
        {field("vatRate", t.vatRate, t.vatHint)}
        {field("invoiceSeries", t.invoiceSeries)}
        {field("accountantEmail", t.accountantEmail, t.accountantHint)}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
