import { ChatIcon } from "../../components/icons";
import { it } from "../../i18n/it";
import { whatsappHref } from "./garage";

/** The floating chat link (bottom right): opens a WhatsApp conversation with the garage. */
export function ChatButton() {
  return (
    <a
      href={whatsappHref(it.layout.chat.message)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={it.layout.chat.label}
      title={it.layout.chat.label}
      className="fixed right-4 bottom-4 z-30 grid size-14 place-items-center rounded-full bg-emerald-600 text-white shadow-lg shadow-emerald-900/30 transition hover:scale-105 hover:bg-emerald-700 motion-reduce:hover:scale-100 sm:right-6 sm:bottom-6 print:hidden"
    >
      <ChatIcon className="size-7" />
    </a>
  );
}
