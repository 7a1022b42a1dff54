import type { createStore } from "jotai";
import { startTransition, useEffect, useState, type ReactNode } from "react";
import { catalogueAtom, LanguageContext } from "../i18n/lang";

/**
 * Holds the page's language in React state, following the store's `catalogueAtom`: a switch is a
 * transition React knows about, so the parts of a server-rendered page that have not hydrated yet
 * hydrate first in the language of their HTML, then re-render in the new one (decision 049).
 */
export function LanguageRoot({ store, children }: { store: ReturnType<typeof createStore>; children: ReactNode }) {
  const [language, setLanguage] = useState(() => store.get(catalogueAtom));
  useEffect(() => {
    const follow = () => startTransition(() => setLanguage(store.get(catalogueAtom)));
    // A switch made before this effect ran is not missed.
    follow();
    return store.sub(catalogueAtom, follow);
  }, [store]);
  return <LanguageContext value={language}>{children}</LanguageContext>;
}
