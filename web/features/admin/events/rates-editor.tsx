import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { inputClass, labelClass } from "../../../components/field";
import { IconButton } from "../../../components/icon-button";
import { Toggle } from "../../../components/toggle";
import { itAdmin } from "../../../i18n/it-admin";
import { TrashIcon } from "../components/admin-icons";
import { DragHandle } from "../components/drag-handle";
import { Button } from "../../../components/button";
import { sortAccessibility, transformStyle, useSortSensors } from "../components/sortable";
import { newRateDraft, type RateDraft } from "./event-draft";

const t = itAdmin.eventModal;
const tw = itAdmin.gateApp;

type RatesEditorProps = {
  rates: RateDraft[];
  onChange: (rates: RateDraft[]) => void;
  /** A persisted rate's switch was flipped: saved at once; resolve false to put it back. */
  onToggle: (rate: RateDraft, field: "isVisible" | "isPayable", value: boolean) => void;
  /** The list was reordered by the person (drag or keyboard). */
  onReorder: (rates: RateDraft[]) => void;
  disabled?: boolean;
};

export function RatesEditor({ rates, onChange, onToggle, onReorder, disabled }: RatesEditorProps) {
  const sensors = useSortSensors();
  const ids = rates.map((r) => r.key);
  const labelOf = (id: string | number) => t.rateNumber(ids.indexOf(String(id)) + 1);

  function update(key: string, patch: Partial<RateDraft>) {
    onChange(rates.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(rates, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    onChange(next);
    onReorder(next);
  }

  return (
    <div className="space-y-3">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={sortAccessibility(labelOf, ids)}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="space-y-3" aria-label={t.sectionRates}>
            {rates.map((rate, index) => (
              <RateRow
                key={rate.key}
                rate={rate}
                index={index}
                canRemove={rates.length > 1}
                disabled={disabled}
                onPatch={(patch) => update(rate.key, patch)}
                onRemove={() => onChange(rates.filter((r) => r.key !== rate.key))}
                onToggle={(field, value) => {
                  update(rate.key, { [field]: value });
                  if (rate.id) onToggle(rate, field, value);
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <Button variant="dashed" disabled={disabled} onClick={() => onChange([...rates, newRateDraft()])}>
        + {t.addRate}
      </Button>
    </div>
  );
}

type RateRowProps = {
  rate: RateDraft;
  index: number;
  canRemove: boolean;
  disabled?: boolean;
  onPatch: (patch: Partial<RateDraft>) => void;
  onRemove: () => void;
  onToggle: (field: "isVisible" | "isPayable", value: boolean) => void;
};

function RateRow({ rate, index, canRemove, disabled, onPatch, onRemove, onToggle }: RateRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: rate.key });
  const n = index + 1;
  const id = (field: string) => `rate-${rate.key}-${field}`;
  return (
    <li
      ref={setNodeRef}
      style={transformStyle(transform, transition)}
      data-testid="rate-row"
      className={`rounded-lg border bg-white p-3 ${isDragging ? "relative z-10 border-blue-300 shadow-lg" : "border-slate-200"}`}
    >
      {/* Phones: the switches take their own line, so the row never gets wider than the modal. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <DragHandle handle={{ attributes, listeners, setActivatorNodeRef }} label={t.rateDrag(n)} />
        <span className="text-sm font-semibold text-slate-700">{t.rateNumber(n)}</span>
        <div className="order-last flex w-full flex-wrap items-center gap-x-4 gap-y-2 pl-10 sm:order-none sm:ml-auto sm:w-auto sm:pl-0">
          <Toggle label={t.rateVisible} checked={rate.isVisible} onChange={(v) => onToggle("isVisible", v)} disabled={disabled} />
          <Toggle label={t.ratePayable} checked={rate.isPayable} onChange={(v) => onToggle("isPayable", v)} disabled={disabled} />
        </div>
        <IconButton label={canRemove ? t.removeRate(n) : t.removeRateDisabled} disabled={!canRemove || disabled} onClick={onRemove} look="danger" className="ml-auto sm:ml-0">
          <TrashIcon />
        </IconButton>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-[3fr_3fr_8rem]">
        {(["name", "description"] as const).map((key) => (
          <div key={key}>
            <label htmlFor={id(key)} className={labelClass}>
              {key === "name" ? t.rateName : t.rateDescription} <span className="sr-only">{t.rateNumber(n)}</span>
            </label>
            <input id={id(key)} className={inputClass} value={rate[key]} disabled={disabled} onChange={(e) => onPatch({ [key]: e.target.value })} />
          </div>
        ))}
        <fieldset className="sm:order-last sm:col-span-3">
          <legend className={labelClass}>
            {tw.rateWindow} <span className="sr-only">{t.rateNumber(n)}</span>
          </legend>
          {/* Two labelled fields rather than one sentence with inputs in it: a sentence wrapped around its inputs at 390 px. */}
          <div className="grid grid-cols-2 gap-3 sm:max-w-md">
            {(["hoursBefore", "hoursAfter"] as const).map((field) => (
              <div key={field}>
                <label htmlFor={id(field)} className="mb-1 block text-xs text-slate-600">
                  {field === "hoursBefore" ? tw.rateWindowFrom : tw.rateWindowUntil}
                </label>
                <input
                  id={id(field)}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.5}
                  className={inputClass}
                  value={rate[field] ?? ""}
                  disabled={disabled}
                  aria-describedby={id("window-hint")}
                  onChange={(e) => onPatch({ [field]: e.target.value })}
                />
              </div>
            ))}
          </div>
          <p id={id("window-hint")} className="mt-1 text-xs text-slate-500">
            {tw.rateWindowHint}
          </p>
          <div className="mt-3 sm:max-w-xs">
            <label htmlFor={id("vat")} className="mb-1 block text-xs text-slate-600">
              {t.rateVat} <span className="sr-only">{t.rateNumber(n)}</span>
            </label>
            <input
              id={id("vat")}
              inputMode="decimal"
              maxLength={6}
              className={inputClass}
              value={rate.vatRate ?? ""}
              disabled={disabled}
              aria-describedby={id("vat-hint")}
              onChange={(e) => onPatch({ vatRate: e.target.value })}
            />
            <p id={id("vat-hint")} className="mt-1 text-xs text-slate-500">
              {t.rateVatHint}
            </p>
          </div>
        </fieldset>
        <div>
          <label htmlFor={id("price")} className={labelClass}>
            {t.ratePrice} <span className="sr-only">{t.rateNumber(n)}</span>
          </label>
          <input
            id={id("price")}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className={inputClass}
            value={rate.price}
            disabled={disabled}
            onChange={(e) => onPatch({ price: e.target.value })}
          />
        </div>
      </div>
    </li>
  );
}
