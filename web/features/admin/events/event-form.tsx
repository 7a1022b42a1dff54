import { useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Field, hintId, inputClass } from "../../../components/field";
import { PhotoIcon } from "../../../components/icons";
import { Toggle } from "../../../components/toggle";
import { itAdmin } from "../../../i18n/it-admin";
import { eventImage } from "../../../entities/event/format";
import { LanguageTabs } from "../components/language-tabs";
import { Choices } from "../components/filter-select";
import { formatDistance, formatDuration } from "../../../../shared/lifecycle/event";
import { eventLacks, TranslatedFields } from "./translated-fields";
import { MAX_CANCEL_DEADLINE_HOURS } from "../../../../shared/forms/admin-event-form";
import { draftMinutes, toPayload, validateDraft, type EventDraft, type EventPayload, type RateDraft } from "./event-draft";
import { ImageCropDialog } from "./image-crop-dialog";
import { RatesEditor } from "./rates-editor";

const t = itAdmin.eventModal;

type EventFormProps = {
  formId: string;
  initial: EventDraft;
  categories: { id: number; name: string; color: string }[];
  disabled?: boolean;
  /** Server-side failure to show under the form (the spec's messages come from the server too). */
  serverError?: string | null;
  onSubmit: (payload: EventPayload) => void;
  /** Saves a persisted rate's switch at once; resolves false when it failed (the switch goes back). */
  onToggleRate?: (rateId: number, field: "isVisible" | "isPayable", value: boolean) => Promise<boolean>;
  /** Saves the new order of persisted rates at once; resolves false when it failed. */
  onReorderRates?: (orderedRateIds: number[]) => Promise<boolean>;
  /** Kept up to date with whether the draft differs from what the form opened with. */
  dirtyRef?: RefObject<boolean>;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-blue-700">{title}</legend>
      {children}
    </fieldset>
  );
}

export function EventForm({ formId, initial, categories, disabled, serverError, onSubmit, onToggleRate, onReorderRates, dirtyRef }: EventFormProps) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [cropOpen, setCropOpen] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const persistedIds = useRef(initial.rates.flatMap((r) => (r.id ? [r.id] : [])));
  const [initialJson] = useState(() => JSON.stringify(initial));
  const dirty = JSON.stringify(draft) !== initialJson;
  useLayoutEffect(() => {
    if (dirtyRef) dirtyRef.current = dirty;
  }, [dirty, dirtyRef]);

  // Without an upload, visitors see the bundled image the title matches (spec §2), if any.
  const fallback = draft.imageUrl ? null : eventImage({ imageUrl: null, title: draft.title });
  const minutes = draftMinutes(draft.durationHours);
  const shownDuration = minutes ? t.shownAs(formatDuration(minutes, "it"), formatDuration(minutes, "en")) : null;
  const meters = /^\d+$/.test(draft.distanceMeters.trim()) ? Number(draft.distanceMeters) : null;
  const shownDistance = meters === null ? null : t.shownAs(formatDistance(meters, "it"), formatDistance(meters, "en"));
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof EventDraft) => ({
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    disabled,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = validateDraft(draft);
    setError(problem);
    if (problem) {
      requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" }));
      return;
    }
    onSubmit(toPayload(draft));
  }

  async function toggleRate(rate: RateDraft, field: "isVisible" | "isPayable", value: boolean) {
    if (!rate.id || !onToggleRate) return;
    const ok = await onToggleRate(rate.id, field, value);
    if (!ok) setDraft((d) => ({ ...d, rates: d.rates.map((r) => (r.key === rate.key ? { ...r, [field]: !value } : r)) }));
  }

  async function reorderRates(next: RateDraft[], previous: RateDraft[]) {
    // Only a list made entirely of saved rates can be reordered on the server before "Salva".
    const ids = next.map((r) => r.id);
    const allSaved = ids.every((id): id is number => id !== undefined) && ids.length === persistedIds.current.length;
    if (!allSaved || !onReorderRates) return;
    const ok = await onReorderRates(ids as number[]);
    if (!ok) setDraft((d) => ({ ...d, rates: previous }));
  }

  return (
    <form id={formId} onSubmit={submit} noValidate>
      <LanguageTabs missing={(lang) => eventLacks(draft, lang)} translated={(lang) => <TranslatedFields lang={lang} draft={draft} disabled={disabled} onChange={setDraft} />} italian={<div className="space-y-8">
      <Section title={t.sectionDetails}>
        <Field label={t.titleLabel} htmlFor="event-title">
          <input id="event-title" className={inputClass} {...text("title")} />
        </Field>
        <Field label={t.descriptionLabel} htmlFor="event-description">
          <textarea id="event-description" rows={3} className={inputClass} {...text("description")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.categoryLabel} htmlFor="event-category">
            <select id="event-category" className={inputClass} {...text("categoryId")}>
              <Choices none={t.noCategory} options={categories.map((c) => ({ value: String(c.id), label: c.name }))} />
            </select>
          </Field>
          <div>
            <Field label={t.datetimeLabel} htmlFor="event-datetime">
              <input
                id="event-datetime"
                type="datetime-local"
                className={inputClass}
                value={draft.isAlwaysActive ? "" : draft.datetime}
                disabled={disabled || draft.isAlwaysActive}
                onChange={(e) => set("datetime", e.target.value)}
              />
            </Field>
            <div className="mt-2">
              <Toggle
                label={t.alwaysActiveLabel}
                checked={draft.isAlwaysActive}
                disabled={disabled}
                // Spec §4: turning always-active on clears the date.
                onChange={(v) => setDraft((d) => ({ ...d, isAlwaysActive: v, datetime: v ? "" : d.datetime }))}
              />
            </div>
          </div>
          <Field label={t.durationLabel} htmlFor="event-duration" hint={shownDuration ?? t.durationHint}>
            <input id="event-duration" type="text" inputMode="decimal" className={inputClass} placeholder={t.durationPlaceholder} aria-describedby={hintId("event-duration")} {...text("durationHours")} />
          </Field>
          <Field label={t.distanceLabel} htmlFor="event-distance" hint={shownDistance ?? undefined}>
            <input id="event-distance" type="number" min={0} step={1} inputMode="numeric" className={inputClass} placeholder={t.distancePlaceholder} aria-describedby={shownDistance ? hintId("event-distance") : undefined} {...text("distanceMeters")} />
          </Field>
          {/* An always-active event has no start, so no deadline: the pass can be cancelled until it is used. */}
          {draft.isAlwaysActive ? null : (
            <Field label={t.cancelDeadlineLabel} htmlFor="event-cancel-deadline" hint={t.cancelDeadlineHint}>
              <input
                id="event-cancel-deadline"
                type="number"
                min={0}
                max={MAX_CANCEL_DEADLINE_HOURS}
                step={1}
                inputMode="numeric"
                className={inputClass}
                placeholder={t.cancelDeadlinePlaceholder}
                aria-describedby={hintId("event-cancel-deadline")}
                {...text("cancelDeadlineHours")}
              />
            </Field>
          )}
        </div>
      </Section>

      <Section title={t.sectionSpots}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t.totalSpotsLabel} htmlFor="event-total">
            <input id="event-total" type="number" min={1} step={1} inputMode="numeric" className={inputClass} {...text("totalSpots")} />
          </Field>
          <Field label={t.reservedSpotsLabel} htmlFor="event-reserved">
            <input id="event-reserved" type="number" min={0} step={1} inputMode="numeric" className={inputClass} {...text("reservedSpots")} />
          </Field>
          <Field label={t.occupiedSpotsLabel} htmlFor="event-occupied">
            <input id="event-occupied" type="number" min={0} step={1} inputMode="numeric" className={inputClass} {...text("occupiedSpots")} />
          </Field>
        </div>
        <p className="text-xs text-slate-600">{t.spotsHint}</p>
      </Section>

      <Section title={t.sectionImage}>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex aspect-[4/3] w-40 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 text-slate-500">
            {draft.imageUrl ? (
              <img src={draft.imageUrl} alt={t.imageAlt(draft.title)} className="size-full object-cover" data-testid="event-image-preview" />
            ) : fallback ? (
              <img src={fallback} alt={t.imageAlt(draft.title)} className="size-full object-cover opacity-80" />
            ) : (
              <span className="flex flex-col items-center gap-1 text-xs">
                <PhotoIcon className="size-8" />
                {t.imageNone}
              </span>
            )}
          </div>
          <div className="flex flex-col gap-2">
            {!draft.imageUrl && fallback ? <p className="max-w-60 text-xs text-slate-600">{t.imageFallback}</p> : null}
            <Button variant="secondary" onClick={() => setCropOpen(true)} disabled={disabled}>
              {draft.imageUrl ? t.imageChange : t.imageChoose}
            </Button>
            {draft.imageUrl ? (
              <Button variant="ghost" onClick={() => set("imageUrl", null)} disabled={disabled}>
                {t.imageRemove}
              </Button>
            ) : null}
          </div>
        </div>
        <ImageCropDialog open={cropOpen} onClose={() => setCropOpen(false)} onUploaded={(path) => set("imageUrl", path)} />
      </Section>

      <Section title={t.sectionPresale}>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <Field label={t.presaleTitleLabel} htmlFor="event-presale-title">
            <input id="event-presale-title" className={inputClass} {...text("prevenditaTitle")} />
          </Field>
          <Field label={t.presalePriceLabel} htmlFor="event-presale-price">
            <input id="event-presale-price" type="number" min={0} step={0.01} inputMode="decimal" className={inputClass} {...text("prevenditaPrice")} />
          </Field>
        </div>
        <Field label={t.presaleDescriptionLabel} htmlFor="event-presale-description">
          <textarea id="event-presale-description" rows={2} className={inputClass} {...text("prevenditaDescription")} />
        </Field>
        <div className="flex flex-wrap gap-6">
          <Toggle label={t.presaleVisibleLabel} checked={draft.isPrevenditaVisible} disabled={disabled} onChange={(v) => set("isPrevenditaVisible", v)} />
          <Toggle label={t.presalePayableLabel} checked={draft.isPrevenditaPayable} disabled={disabled} onChange={(v) => set("isPrevenditaPayable", v)} />
        </div>
      </Section>

      <Section title={t.sectionRates}>
        <RatesEditor
          rates={draft.rates}
          disabled={disabled}
          onChange={(rates) => set("rates", rates)}
          onToggle={toggleRate}
          onReorder={(next) => void reorderRates(next, draft.rates)}
        />
      </Section>
      </div>} />

      <div ref={errorRef} aria-live="polite" className="mt-8">
        {error || serverError ? <Alert tone="error" role="alert">{error ?? serverError}</Alert> : null}
      </div>
    </form>
  );
}
