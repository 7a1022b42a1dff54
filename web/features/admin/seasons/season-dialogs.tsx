import { TranslatedText } from "../components/translated-text";
import { Choices } from "../components/filter-select";
import { useAtomValue } from "jotai";
import { useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Field, inputClass, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { LoadingState } from "../../../components/spinner";
import { Toggle } from "../../../components/toggle";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { formatShortDateTime } from "../../../lib/format";
import { categoriesQueryAtom, eventsQueryAtom } from "../../../lib/queries";
import {
  assignHolderAtom,
  saveSeasonAtom,
  saveVoucherAtom,
  voucherUsesQueryAtom,
  type AdminSeason,
  type AdminVoucher,
} from "./queries";
import { checkSeason, checkVoucher, emptySeason, emptyVoucher, seasonDraftOf, voucherDraftOf, type Checked, type VoucherDraft } from "./season-form";

const t = itAdmin.seasonAdmin;

/** The dated events on sale, to pick a season's matches or the events a voucher applies to. */
function EventPicker({ label, hint, value, onChange, invalid }: { label: string; hint?: string; value: number[]; onChange: (ids: number[]) => void; invalid?: boolean }) {
  const events = useAtomValue(eventsQueryAtom);
  const id = useId();
  const dated = (events.data ?? []).filter((e) => e.datetime != null && !e.isAlwaysActive);
  const toggle = (eventId: number, on: boolean) => onChange(on ? [...value, eventId] : value.filter((v) => v !== eventId));
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{label}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {events.isPending ? (
        <LoadingState text={it.common.loading} />
      ) : dated.length === 0 ? (
        <p className="text-sm text-slate-600">{t.noEvents}</p>
      ) : (
        <ul className={`max-h-56 space-y-1 overflow-y-auto rounded-xl p-2 ring-1 ${invalid ? "ring-2 ring-red-500" : "ring-slate-300"}`} data-testid="event-picker">
          {dated.map((e) => (
            <li key={e.id}>
              <label className="flex min-w-0 items-start gap-2 rounded-lg p-1.5 text-sm hover:bg-slate-50">
                <input type="checkbox" className="mt-0.5 size-4 shrink-0" checked={value.includes(e.id)} onChange={(ev) => toggle(e.id, ev.target.checked)} />
                <span className="min-w-0 break-words">
                  <span className="font-medium text-slate-900">{e.title}</span> <span className="text-slate-600">· {formatShortDateTime(e.datetime!)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function FormDialog({
  open,
  onClose,
  title,
  description,
  busy,
  error,
  onSubmit,
  children,
  submitLabel = t.save,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  children: ReactNode;
  submitLabel?: string;
}) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      title={title}
      description={description}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? t.saving : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {error ? (
          <Alert tone="error" role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
      </form>
    </Modal>
  );
}

type Save<B> = { mutate: (input: { id: number | null; body: B }, handlers: { onSuccess: () => void; onError: (err: unknown) => void }) => void; isPending: boolean };

/**
 * A create-or-edit dialog's draft, checked with the server's schema before it is saved: the fields the check
 * blames stay marked until the next try; a refusal from the server is said above the form.
 */
function useCheckedDraft<D, B>(initial: () => D, check: (draft: D) => Checked<B>, save: Save<B>, id: number | null, saved: string, onClose: () => void) {
  const [draft, setDraft] = useState<D>(initial);
  const [error, setError] = useState<{ message: string; fields: Set<string> } | null>(null);
  const set = <K extends keyof D>(k: K) => (v: D[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const bad = (f: string) => error?.fields.has(f) ?? false;
  const submit = () => {
    const result = check(draft);
    if (!result.ok) return setError(result);
    setError(null);
    save.mutate(
      { id, body: result.body },
      {
        onSuccess: () => {
          notify.success(saved);
          onClose();
        },
        onError: (err) => setError({ message: errorMessage(err, t.saveFailed), fields: new Set() }),
      },
    );
  };
  return { draft, setDraft, set, bad, submit, error: error?.message ?? null };
}

/** One choice among a few, as radio buttons under a legend: `labels` gives each value's, in order. */
function RadioChoice<V extends string>({ legend, name, value, labels, onChange, inline = false }: { legend: string; name: string; value: V; labels: Record<V, string>; onChange: (value: V) => void; inline?: boolean }) {
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-800">{legend}</legend>
      <div className={inline ? "flex flex-wrap gap-x-5 gap-y-2" : "flex flex-col gap-2"}>
        {(Object.entries(labels) as [V, string][]).map(([option, label]) => (
          <label key={option} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name={name} className="size-4" checked={value === option} onChange={() => onChange(option)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Create (season null) or edit a season pass: the owner's form, checked with the server's schema before it is sent. */
export function SeasonDialog({ open, season, onClose }: { open: boolean; season: AdminSeason | null; onClose: () => void }) {
  const categories = useAtomValue(categoriesQueryAtom);
  const save = useAtomValue(saveSeasonAtom);
  const form = useCheckedDraft(() => (season ? seasonDraftOf(season) : emptySeason()), checkSeason, save, season?.id ?? null, season ? t.seasonUpdated : t.seasonCreated, onClose);
  const { draft, setDraft, set, bad } = form;
  const categoryId = useId();

  return (
    <FormDialog open={open} onClose={onClose} title={season ? t.editSeasonTitle(season.name) : t.newSeason} busy={save.isPending} error={form.error} onSubmit={form.submit}>
      <TranslatedText
        id="season-name"
        label={t.name}
        italianValue={draft.name}
        translations={draft.nameTranslations}
        onChange={(next) => setDraft((d) => ({ ...d, nameTranslations: next }))}
        maxLength={120}
        italian={<TextField label={t.name} name="name" value={draft.name} onChange={set("name")} invalid={bad("name")} maxLength={120} />}
      />
      <RadioChoice inline legend={t.scope} name="scope" value={draft.scope} labels={{ category: t.scopeCategory, events: t.scopeEvents }} onChange={set("scope")} />
      {draft.scope === "category" ? (
        <Field label={t.category} htmlFor={categoryId}>
          <select id={categoryId} name="categoryId" className={inputClass} value={draft.categoryId} aria-invalid={bad("categoryId") || undefined} onChange={(e) => set("categoryId")(e.target.value)}>
            <Choices none={t.chooseCategory} options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </select>
        </Field>
      ) : (
        <EventPicker label={t.events} value={draft.eventIds} onChange={set("eventIds")} invalid={bad("categoryId") || bad("eventIds")} />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t.from} name="from" type="date" value={draft.from} onChange={set("from")} invalid={bad("from")} />
        <TextField label={t.to} name="to" type="date" value={draft.to} onChange={set("to")} invalid={bad("to")} />
        <TextField label={t.price} name="price" inputMode="decimal" value={draft.price} onChange={set("price")} invalid={bad("price")} />
        <TextField label={t.spots} name="spots" inputMode="numeric" value={draft.spots} onChange={set("spots")} invalid={bad("spots")} />
      </div>
      <RadioChoice legend={t.cancelRefund} name="cancelRefund" value={draft.cancelRefund} labels={{ none: t.cancelRefundNone, share: t.cancelRefundShare }} onChange={set("cancelRefund")} />
      <RadioChoice legend={t.partialSale} name="partialSale" value={draft.partialSale} labels={{ stop: t.partialSaleStop, sell: t.partialSaleSell }} onChange={set("partialSale")} />
      {draft.partialSale === "sell" ? (
        <div>
          <TextField label={t.partialPrice} name="partialPrice" inputMode="decimal" value={draft.partialPrice} onChange={set("partialPrice")} invalid={bad("partialPrice")} />
          <p className="mt-1 text-xs text-slate-600">{t.partialPriceHint}</p>
        </div>
      ) : null}
      <Toggle label={t.onSale} checked={draft.isOnSale} onChange={set("isOnSale")} />
    </FormDialog>
  );
}

/** A season pass given for nothing (a partner): the holder's details, checked by the server like a booking's. */
export function HolderDialog({ open, season, onClose }: { open: boolean; season: AdminSeason; onClose: () => void }) {
  const assign = useAtomValue(assignHolderAtom);
  const [who, setWho] = useState({ customerName: "", customerEmail: "", licensePlate: "", carModel: "" });
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof who) => (v: string) => setWho((w) => ({ ...w, [k]: v }));
  const submit = () => {
    // The server checks a holder as a booking (shared/forms/customer-forms.ts) and says what is missing or wrong;
    // checking here too would bring the customer forms into the admin's chunks and split them off the home's.
    setError(null);
    assign.mutate(
      { seasonId: season.id, body: { ...who, lang: "it" } },
      {
        onSuccess: () => {
          notify.success(t.assigned);
          onClose();
        },
        onError: (err) => setError(errorMessage(err, t.assignFailed)),
      },
    );
  };
  return (
    <FormDialog open={open} onClose={onClose} title={t.assignTitle(season.name)} description={t.assignHint} busy={assign.isPending} error={error} onSubmit={submit} submitLabel={t.assign}>
      <TextField label={t.holderName} name="customerName" autoComplete="off" value={who.customerName} onChange={set("customerName")} />
      <TextField label={t.holderEmail} name="customerEmail" type="email" autoComplete="off" value={who.customerEmail} onChange={set("customerEmail")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t.holderPlate} name="licensePlate" autoCapitalize="characters" value={who.licensePlate} onChange={set("licensePlate")} />
        <TextField label={t.holderCar} name="carModel" value={who.carModel} onChange={set("carModel")} />
      </div>
    </FormDialog>
  );
}

/** Create (voucher null) or edit a voucher; its code is fixed once made. */
export function VoucherDialog({ open, voucher, onClose }: { open: boolean; voucher: AdminVoucher | null; onClose: () => void }) {
  const save = useAtomValue(saveVoucherAtom);
  const form = useCheckedDraft(() => (voucher ? voucherDraftOf(voucher) : emptyVoucher()), checkVoucher, save, voucher?.id ?? null, voucher ? t.voucherUpdated : t.voucherCreated, onClose);
  const { draft, set, bad } = form;
  const kindId = useId();
  return (
    <FormDialog open={open} onClose={onClose} title={voucher ? t.editVoucherTitle(voucher.code) : t.newVoucher} busy={save.isPending} error={form.error} onSubmit={form.submit}>
      <TextField label={t.code} name="code" hint={t.codeHint} autoCapitalize="characters" value={draft.code} onChange={set("code")} invalid={bad("code")} disabled={voucher != null} maxLength={40} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.kind} htmlFor={kindId}>
          <select id={kindId} name="kind" className={inputClass} value={draft.kind} onChange={(e) => set("kind")(e.target.value as VoucherDraft["kind"])}>
            <Choices options={(["percent", "amount", "free"] as const).map((k) => ({ value: k, label: t.kinds[k] }))} />
          </select>
        </Field>
        {draft.kind === "free" ? null : (
          <TextField
            label={draft.kind === "percent" ? t.valuePercent : t.valueAmount}
            name="value"
            inputMode="decimal"
            value={draft.value}
            onChange={set("value")}
            invalid={bad("value")}
          />
        )}
        <TextField label={t.maxUses} name="maxUses" inputMode="numeric" value={draft.maxUses} onChange={set("maxUses")} invalid={bad("maxUses")} />
        <TextField label={t.expires} name="expires" type="date" value={draft.expires} onChange={set("expires")} invalid={bad("expires")} />
      </div>
      <EventPicker label={t.voucherEvents} hint={t.voucherEventsHint} value={draft.eventIds} onChange={set("eventIds")} invalid={bad("eventIds")} />
      <TextField label={t.note} name="note" value={draft.note} onChange={set("note")} maxLength={200} />
    </FormDialog>
  );
}

/** The bookings made with a voucher. */
export function VoucherUsesDialog({ voucher, onClose }: { voucher: AdminVoucher; onClose: () => void }) {
  const uses = useAtomValue(useMemo(() => voucherUsesQueryAtom(voucher.id), [voucher.id]));
  return (
    <Modal open onClose={onClose} title={t.usesTitle(voucher.code)} size="md">
      {!uses.data ? (
        <LoadingState text={it.common.loading} />
      ) : uses.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t.noUses}</p>
      ) : (
        <ul className="space-y-2" data-testid="voucher-uses">
          {uses.data.map((u) => (
            <li key={u.bookingId} className="rounded-xl p-3 text-sm ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-semibold break-words text-slate-900">{u.customerName}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t.bookingStatus[u.status]}</span>
              </div>
              <p className="break-words text-slate-700">
                {u.eventTitle} · <span className="font-mono">{u.licensePlate}</span>
              </p>
              <p className="text-slate-600">
                {t.useLine(u.amount, u.discount)} · {formatShortDateTime(u.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
