import { useEffect, useId, useRef, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { notify } from "../../../components/notify";
import { ProgressBar } from "../../../components/progress-bar";
import { itAdmin } from "../../../i18n/it-admin";
import { client, errorMessage, unwrap } from "../../../lib/api";
import { uploadImage } from "../components/upload";
import { EVENT_IMAGE_ASPECT } from "../../../lib/event-image";
import { cropImage } from "./crop-image";
import { UPLOAD_LIMITS } from "../../../../shared/rules";

export const EVENT_IMAGE_MAX_BYTES = UPLOAD_LIMITS.event.maxBytes;
const EVENT_IMAGE_TYPES = UPLOAD_LIMITS.event.pickTypes;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.25;

const t = itAdmin.crop;

/** Spec §5: the reason a chosen file is refused, or null. */
export function checkEventImage(file: { size: number; type: string }): string | null {
  if (file.size > EVENT_IMAGE_MAX_BYTES) return t.tooLarge;
  if (!EVENT_IMAGE_TYPES.includes(file.type)) return t.badType;
  return null;
}

type Props = { open: boolean; onClose: () => void; onUploaded: (objectPath: string) => void };

/** Choose a file, crop it to the card's 4:3, confirm: an 800×600 WebP goes up through the signed URL. */
export function ImageCropDialog({ open, onClose, onUploaded }: Props) {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const uploading = progress !== null;

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  function reset() {
    setSrc(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setError(null);
    setProgress(null);
  }

  function requestClose() {
    if (uploading) {
      notify.error(t.uploadingTitle, t.uploadingWait);
      return;
    }
    reset();
    onClose();
  }

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkEventImage(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSrc(URL.createObjectURL(file));
  }

  async function confirm() {
    if (!src || !area) return;
    setError(null);
    setProgress(0);
    try {
      const image = await cropImage(src, area);
      const uploaded = await uploadImage("event", image, setProgress);
      const { objectPath } = await unwrap(client.api["event-images"].$put({ json: { imageURL: uploaded } }));
      onUploaded(objectPath);
      notify.success(t.success);
      reset();
      onClose();
    } catch (err) {
      const message = errorMessage(err, t.failed);
      setError(message);
      notify.error(t.failed, message === t.failed ? undefined : message);
      setProgress(null);
    }
  }

  const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z / ZOOM_STEP) * ZOOM_STEP));

  return (
    <Modal
      open={open}
      onClose={requestClose}
      title={t.title}
      description={t.chooseHint}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={requestClose}>
            {t.cancel}
          </Button>
          <Button onClick={confirm} disabled={!src || !area || uploading}>
            {uploading ? t.uploading : t.confirm}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label htmlFor={inputId} className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-600">
            {t.choose}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/jpeg,image/png"
              className="sr-only"
              disabled={uploading}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </label>
        </div>
        {error ? <Alert tone="error" role="alert">{error}</Alert> : null}
        {src ? (
          <>
            <div className="relative h-72 w-full overflow-hidden rounded-lg bg-slate-900 sm:h-80" data-testid="crop-area">
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                minZoom={ZOOM_MIN}
                maxZoom={ZOOM_MAX}
                aspect={EVENT_IMAGE_ASPECT.width / EVENT_IMAGE_ASPECT.height}
                restrictPosition={false}
                onCropChange={setCrop}
                onZoomChange={(z) => setZoom(clampZoom(z))}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <div className="flex items-center gap-3">
              <Button variant="secondary" size="none" className="size-8 rounded-md text-lg leading-none" aria-label={t.zoomOut} disabled={zoom <= ZOOM_MIN || uploading} onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))}>
                −
              </Button>
              <label className="flex flex-1 items-center gap-3 text-sm text-slate-700">
                <span className="shrink-0 font-medium">{t.zoom}</span>
                <input
                  type="range"
                  min={ZOOM_MIN}
                  max={ZOOM_MAX}
                  step={ZOOM_STEP}
                  value={zoom}
                  disabled={uploading}
                  onChange={(e) => setZoom(Number(e.target.value))}
                  className="w-full accent-blue-600"
                />
                <span className="w-12 shrink-0 text-right tabular-nums">{zoom.toFixed(2)}×</span>
              </label>
              <Button variant="secondary" size="none" className="size-8 rounded-md text-lg leading-none" aria-label={t.zoomIn} disabled={zoom >= ZOOM_MAX || uploading} onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))}>
                +
              </Button>
            </div>
          </>
        ) : null}
        {uploading ? (
          <div className="space-y-1">
            <p className="text-sm text-slate-700">{t.progress(Math.round((progress ?? 0) * 100))}</p>
            <ProgressBar value={(progress ?? 0) * 100} label={t.uploadingTitle} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
