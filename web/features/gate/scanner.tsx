import { BarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import { useEffect, useRef, useState } from "react";
import zxingWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";
import { Button } from "../../components/button";
import { itGate } from "../../i18n/it-gate";

// The reader's .wasm comes from our own assets (Vite copies it into dist with a hashed name),
// never from the CDN the package defaults to.
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasmUrl : prefix + path),
};
prepareZXingModule({ overrides });

/** Fetches and compiles the reader now, while online: the camera must also work after the network drops. */
export function preloadReader() {
  void (prepareZXingModule({ overrides, fireImmediately: true }) as Promise<unknown>).catch(() => undefined);
}

const SCAN_EVERY_MS = 200;
/**
 * A code counts as a new reading only after it has been out of view this long: a QR held in front
 * of the camera is read once, however long it stays (and the answer screen in between).
 */
const GONE_AFTER_MS = 2_000;

/** Camera preview reading QR codes; `paused` while an answer is on screen. */
export function Scanner({ onCode, paused }: { onCode: (text: string) => void; paused: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [status, setStatus] = useState<"starting" | "running" | "failed">("starting");
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!active) return;
    setStatus("starting");
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const last = { text: "", seenAt: 0 };
    const detector = new BarcodeDetector({ formats: ["qr_code"] });

    const tick = async () => {
      const el = video.current;
      if (stopped || !el) return;
      // Reading goes on while an answer is shown, to know whether the same code is still in view.
      if (el.readyState >= 2) {
        try {
          const [code] = await detector.detect(el);
          const now = Date.now();
          if (code?.rawValue && code.rawValue === last.text && now - last.seenAt < GONE_AFTER_MS) last.seenAt = now;
          else if (code?.rawValue && !pausedRef.current) {
            last.text = code.rawValue;
            last.seenAt = now;
            onCodeRef.current(code.rawValue);
          }
        } catch {
          // A frame the reader cannot use: try the next one.
        }
      }
      if (!stopped) timer = setTimeout(tick, SCAN_EVERY_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        setStatus("running");
        void tick();
      })
      .catch(() => {
        setStatus("failed");
        setActive(false);
      });

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [active]);

  const on = active;
  return (
    <div className="space-y-2">
      <div className={`relative overflow-hidden rounded-2xl bg-slate-900 ${on ? "aspect-[4/3]" : "hidden"}`}>
        <video ref={video} muted playsInline aria-label={itGate.cameraLabel} className="size-full object-cover" />
        <div className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-white/80" aria-hidden="true" />
        <p className="absolute inset-x-3 bottom-3 rounded-xl bg-slate-950 px-3 py-2 text-center text-lg font-black text-white">
          {status === "starting" ? itGate.cameraStarting : itGate.aimHint}
        </p>
      </div>
      {!active && status === "failed" ? (
        <p role="alert" className="rounded-xl bg-amber-300 p-3 text-base font-bold text-slate-950">
          {itGate.cameraError}
        </p>
      ) : null}
      <Button variant="secondary" size="lg" className="min-h-14 w-full text-lg" onClick={() => setActive(!on)}>
        {on ? itGate.stopCamera : itGate.startCamera}
      </Button>
    </div>
  );
}
