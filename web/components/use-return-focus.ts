import { useCallback, useRef } from "react";

/**
 * Where focus goes back when a dialog opened lazily closes: the button that opened it. Headless UI
 * restores focus to what was focused when the dialog mounted, which for a dialog whose code loads on
 * the first tap is no longer the button, and focus fell to <body>.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((el: EventTarget | null) => {
    opener.current = el instanceof HTMLElement ? el : null;
  }, []);
  const restore = useCallback(() => {
    const el = opener.current;
    if (!el) return;
    // After the dialog's own clean-up (two frames: its unmount, then its focus restore).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if ((!active || active === document.body) && el.isConnected) el.focus({ preventScroll: true });
      }),
    );
  }, []);
  return { remember, restore };
}
