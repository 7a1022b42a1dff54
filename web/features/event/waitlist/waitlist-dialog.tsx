import { useAtomValue } from "jotai";
import { useId, useState, type FormEvent } from "react";
import { useAppNavigate } from "../../../app/app-location";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Field, inputClass, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { Spinner } from "../../../components/spinner";
import { useLang, useT } from "../../../i18n/lang";
import { errorMessage } from "../../../lib/api";
import type { EventDto } from "../../../entities/event/types";
import { checkWaitlist, normalisePlate } from "../../../entities/customer/validation";
import { joinWaitlistAtom } from "./queries";
import { DEFAULT_LANG, isLang, LANGS, LANGUAGES, type Lang } from "../../../../shared/lang";

type WaitlistPrefill = { email?: string; licensePlate?: string; rateId?: number };

/** The waiting list's form: e-mail, plate, the language of its e-mails and (with several) the rate. */
export function WaitlistDialog({ event, open, onClose, prefill }: { event: EventDto; open: boolean; onClose: () => void; prefill?: WaitlistPrefill }) {
  const tr = useT();
  return (
    <Modal open={open} onClose={onClose} title={tr.waitlist.title} description={event.title}>
      {open ? <WaitlistForm event={event} onClose={onClose} prefill={prefill} /> : null}
    </Modal>
  );
}

export function WaitlistForm({ event, onClose, prefill }: { event: EventDto; onClose: () => void; prefill?: WaitlistPrefill }) {
  const tr = useT();
  const w = tr.waitlist;
  const pageLang = useLang();
  const navigate = useAppNavigate();
  const rateFieldId = useId();
  const langFieldId = useId();
  const rates = event.rates.filter((r) => r.isPayable);
  const [rateId, setRateId] = useState(prefill?.rateId ?? rates[0]?.id ?? 0);
  const [email, setEmail] = useState(prefill?.email ?? "");
  const [plate, setPlate] = useState(prefill?.licensePlate ?? "");
  const [lang, setLang] = useState<Lang>(pageLang);
  const [problem, setProblem] = useState<{ title?: string; message: string } | null>(null);
  const { mutateAsync, isPending } = useAtomValue(joinWaitlistAtom);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (isPending) return;
    const found = checkWaitlist({ email, licensePlate: plate }, tr);
    if (found) {
      setProblem({ message: found.message });
      return;
    }
    try {
      const entry = await mutateAsync({ eventId: event.id, rateId, email: email.trim(), licensePlate: normalisePlate(plate), lang });
      notify.success(w.joined, entry.position ? w.position(entry.position) : undefined);
      onClose();
      navigate(`/lista-attesa/${entry.token}`);
    } catch (err) {
      // Said once, beside the form (issue #48): no toast repeats it outside the dialog.
      setProblem({ title: w.errorTitle, message: errorMessage(err, w.errorFallback) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{w.joinHint}</p>
      {problem ? (
        <Alert tone="error" role="alert" title={problem.title}>
          {problem.message}
        </Alert>
      ) : null}
      {rates.length > 1 ? (
        <Field label={w.rate} htmlFor={rateFieldId}>
          <select id={rateFieldId} className={inputClass} value={rateId} onChange={(e) => setRateId(Number(e.target.value))}>
            {rates.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} — {tr.money(r.price)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <TextField label={w.email} name="email" type="email" autoComplete="email" placeholder={tr.booking.placeholders.customerEmail} maxLength={254} value={email} onChange={setEmail} />
      <TextField
        label={w.plate}
        name="licensePlate"
        autoCapitalize="characters"
        placeholder={tr.booking.placeholders.licensePlate}
        maxLength={14}
        value={plate}
        onChange={(v) => setPlate(v.toUpperCase())}
      />
      <Field label={w.language} htmlFor={langFieldId}>
        <select id={langFieldId} name="lang" className={inputClass} value={lang} onChange={(e) => setLang(isLang(e.target.value) ? e.target.value : DEFAULT_LANG)}>
          {LANGS.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGES[code].name}
            </option>
          ))}
        </select>
      </Field>
      <p className="text-xs text-slate-500">{tr.booking.privacy}</p>
      <Button type="submit" disabled={isPending || rates.length === 0} size="lg" className="w-full">
        {isPending ? (
          <>
            <Spinner className="size-5" />
            {w.submitting}
          </>
        ) : (
          w.submit
        )}
      </Button>
    </form>
  );
}
