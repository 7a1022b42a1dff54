import type { ReactNode } from "react";
import { HydrateApart } from "../../app/hydrate-apart";
import { useT } from "../../i18n/lang";
import { ChatButton } from "./chat-button";
import { SiteHeader } from "./site-header";

/**
 * Header, page, the given footer and the chat link. Apart from PublicLayout so the home can give a
 * footer whose code loads when it comes near (home-page.tsx) without importing it here.
 */
export function PublicFrame({ children, footer, chat = true, skipToEvents = false }: { children: ReactNode; footer: ReactNode; chat?: boolean; skipToEvents?: boolean }) {
  const tr = useT();
  return (
    <div className="flex min-h-screen flex-col">
      {/* On the home the first Tab offers the events themselves: past the header, hero and carousel. */}
      {skipToEvents ? (
        <a href="#eventi" className="sr-only z-50 rounded-lg bg-blue-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
          {tr.layout.skipToEvents}
        </a>
      ) : null}
      <a
        href="#contenuto"
        className="sr-only z-50 rounded-lg bg-blue-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {tr.layout.skipToContent}
      </a>
      <HydrateApart>
        <SiteHeader />
      </HydrateApart>
      <main id="contenuto" className="flex-1">
        {children}
      </main>
      <HydrateApart>
        {footer}
      </HydrateApart>
      {chat ? <ChatButton /> : null}
    </div>
  );
}
