import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/button";
import { Field, inputClass } from "../../../components/field";
import { notify } from "../../../components/notify";
import { Toggle } from "../../../components/toggle";
import { itAdmin } from "../../../i18n/it-admin";
import { saveCarouselSettingsAtom } from "../queries";
import { CAROUSEL_FRAME_MS, CAROUSEL_SPEED, carouselForm, firstProblem } from "../../../../shared/forms/admin-forms";

const t = itAdmin.carousel;

export type CarouselSettings = { scrollSpeed: number; frameRate: number; isEnabled: boolean };

/** Spec §5: empty fields fall back to the defaults (speed 1 px/frame, 16 ms between frames). */
function carouselPayload(form: { scrollSpeed: string; frameRate: string; isEnabled: boolean }): CarouselSettings {
  const speed = form.scrollSpeed.trim() === "" ? 1 : Number(form.scrollSpeed);
  const frame = form.frameRate.trim() === "" ? 16 : Number(form.frameRate);
  return { scrollSpeed: speed, frameRate: frame, isEnabled: form.isEnabled };
}

/** 1000 / interval, rounded: 16 ms ≈ 63 fps, 33 ms ≈ 30 fps. */
function approxFps(frameRate: number): number {
  return frameRate > 0 ? Math.round(1000 / frameRate) : 0;
}

// Half the preview strip (12 tiles of 56 px + 12 px gap) scrolls by per loop.
const PREVIEW_LOOP_PX = 6 * 68;

/** Seconds per loop at `scrollSpeed` px every `frameRate` ms, as the home's carousel moves. */
function previewSeconds(s: CarouselSettings): number {
  const pxPerSecond = Math.max(s.scrollSpeed, 0.1) * approxFps(s.frameRate || 16);
  return Math.round((PREVIEW_LOOP_PX / pxPerSecond) * 100) / 100;
}

export function CarouselSettingsForm({ initial, failureBody = t.failedBody }: { initial: CarouselSettings; failureBody?: string }) {
  const save = useAtomValue(saveCarouselSettingsAtom);
  const [form, setForm] = useState({ scrollSpeed: String(initial.scrollSpeed), frameRate: String(initial.frameRate), isEnabled: initial.isEnabled });
  const preview = carouselPayload(form);

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = firstProblem(carouselForm(t.errors), carouselPayload(form));
    if (problem) return notify.error(t.failedTitle, problem.message);
    save.mutate(carouselPayload(form), {
      onSuccess: () => notify.success(t.savedTitle, t.savedBody),
      onError: () => notify.error(t.failedTitle, failureBody),
    });
  }

  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-5">
        <div>
          <Toggle label={t.enabled} checked={form.isEnabled} onChange={(v) => setForm((f) => ({ ...f, isEnabled: v }))} />
          <p className="mt-1 text-xs text-slate-600">{t.enabledHint}</p>
        </div>
        <NumberField id="carousel-speed" label={t.speed} hint={t.speedHint} {...CAROUSEL_SPEED} value={form.scrollSpeed} onChange={(scrollSpeed) => setForm((f) => ({ ...f, scrollSpeed }))} />
        <NumberField id="carousel-frame" label={t.frameRate} hint={t.frameRateHint} {...CAROUSEL_FRAME_MS} value={form.frameRate} onChange={(frameRate) => setForm((f) => ({ ...f, frameRate }))} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </div>
      <aside aria-label={t.preview} className="h-fit min-w-0 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <h3 className="text-sm font-semibold text-slate-800">{t.preview}</h3>
        <dl className="mt-3 space-y-2 text-sm" data-testid="carousel-preview">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t.state}</dt>
            <dd>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${preview.isEnabled ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}>
                {preview.isEnabled ? t.stateOn : t.stateOff}
              </span>
            </dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t.speed}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{t.speedValue(preview.scrollSpeed)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">{t.fluidity}</dt>
            <dd className="font-medium tabular-nums text-slate-900">{t.fpsValue(approxFps(preview.frameRate))}</dd>
          </div>
        </dl>
        <div className="mt-4 overflow-hidden rounded-md border border-slate-200 bg-white py-3" aria-hidden="true">
          <div
            className="flex w-max gap-3 px-3 motion-reduce:![animation:none]"
            style={preview.isEnabled ? { animation: `admin-carousel-preview ${previewSeconds(preview)}s linear infinite` } : undefined}
          >
            {Array.from({ length: 12 }, (_, i) => (
              <span key={i} className="h-6 w-14 shrink-0 rounded bg-slate-200" />
            ))}
          </div>
        </div>
        <style>{"@keyframes admin-carousel-preview { from { transform: translateX(0) } to { transform: translateX(-50%) } }"}</style>
      </aside>
    </form>
  );
}

function NumberField({ id, label, hint, min, max, step, value, onChange }: { id: string; label: string; hint: string; min: number; max: number; step: number; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label} htmlFor={id} hint={hint}>
      <input id={id} type="number" min={min} max={max} step={step} inputMode={Number.isInteger(step) ? "numeric" : "decimal"} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
