import { useEffect, useRef, useState } from "react";
import { ChatIcon } from "../icons";
import { useT } from "../../i18n/lang";
import { coversControl } from "../../lib/covers-control";
import { whatsappHref } from "../../../shared/garage";

// A card opening or closing moves controls without any scroll: look again once it has settled.
const SETTLE_MS = 600;

/**
 * The floating chat link (bottom right): opens a WhatsApp conversation with the garage. It steps
 * aside (fades out, not clickable) while a control of the page lies under it, so it never covers
 * a button such as "Paga €X".
 */
export function ChatButton() {
  const tr = useT();
  const ref = useRef<HTMLAnchorElement>(null);
  const [aside, setAside] = useState(false);

  useEffect(() => {
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (ref.current) setAside(coversControl(ref.current));
      });
    };
    const later = () => {
      clearTimeout(settle);
      settle = setTimeout(check, SETTLE_MS);
    };
    check();
    later();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    document.addEventListener("click", later);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
      document.removeEventListener("click", later);
    };
  }, []);

  return (
    <a
      ref={ref}
      href={whatsappHref(tr.layout.chat.message)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={tr.layout.chat.label}
      title={tr.layout.chat.label}
      data-aside={aside}
      tabIndex={aside ? -1 : undefined}
      className={`fixed right-4 bottom-4 z-30 grid size-14 place-items-center rounded-full bg-emerald-600 text-white shadow-lg shadow-emerald-900/30 transition hover:scale-105 hover:bg-emerald-700 motion-reduce:hover:scale-100 sm:right-6 sm:bottom-6 print:hidden ${aside ? "pointer-events-none opacity-0" : ""}`}
    >
      <ChatIcon className="size-7" />
    </a>
  );
}
