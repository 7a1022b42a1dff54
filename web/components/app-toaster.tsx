import { IconButton } from "./icon-button";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import toast, { resolveValue, Toaster, useToasterStore, type Toast } from "react-hot-toast";
import { useT } from "../i18n/lang";
import { useMediaQuery } from "../lib/use-media-query";
import { CheckCircleIcon, CloseIcon, WarningIcon } from "./icons";

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

function SwipeableToast({ t }: { t: Toast }) {
  const tr = useT();
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = t.type === "error";

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (dx > SWIPE_THRESHOLD_PX) toast.dismiss(t.id);
    else setDx(0);
  };

  return (
    <div
      role={destructive ? "alert" : "status"}
      aria-live={destructive ? "assertive" : "polite"}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{ transform: dx ? `translateX(${dx}px)` : undefined, opacity: dx ? Math.max(0.2, 1 - dx / 200) : undefined }}
      className={`pointer-events-auto flex w-[min(92vw,24rem)] touch-pan-y items-start gap-3 rounded-xl p-4 shadow-xl ring-1 transition duration-200 select-none starting:-translate-y-2 starting:opacity-0 ${
        t.visible ? "opacity-100" : "-translate-y-2 opacity-0"
      } ${destructive ? "bg-red-700 text-white ring-red-800" : "bg-white text-slate-900 ring-slate-200"}`}
    >
      {destructive ? (
        <WarningIcon className="mt-0.5 size-5 shrink-0" />
      ) : t.type === "success" ? (
        <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-emerald-600" />
      ) : null}
      <div className="min-w-0 flex-1 text-sm">{resolveValue(t.message, t)}</div>
      <IconButton label={tr.toasts.dismiss} look={destructive ? "onDanger" : "plain"} small onClick={() => toast.dismiss(t.id)} className="-m-1">
        <CloseIcon className="size-4" />
      </IconButton>
    </div>
  );
}

/** Spec §9: one toast visible at a time, 5 seconds each, swipe right to dismiss, F8 to reach them. */
export function AppToaster() {
  const tr = useT();
  const { toasts } = useToasterStore();
  const region = useRef<HTMLElement>(null);
  const wide = useMediaQuery("(min-width: 640px)");

  useEffect(() => {
    // The store lists the newest first: everything older than it leaves the screen.
    toasts.filter((t) => t.visible).slice(1).forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section ref={region} tabIndex={-1} aria-label={tr.toasts.region} className="outline-none">
      {/* Over the site's header bar, never over the page's heading (where the result of what was just
          done is often written) nor over a dialog's buttons (a phone's dialogs sit at the bottom):
          centred on a phone, at the right on wider screens. */}
      <Toaster position={wide ? "top-right" : "top-center"} gutter={8} containerStyle={{ top: 8 }} toastOptions={{ duration: TOAST_DURATION_MS }}>
        {(t) => <SwipeableToast t={t} />}
      </Toaster>
    </section>
  );
}
