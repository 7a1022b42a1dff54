import { Suspense, useEffect, useState, type ReactNode } from "react";
import { queryLayerReady } from "./query-layer";

/**
 * Client-only parts, absent from the server's HTML: mounted once the page has hydrated (or first
 * rendered) and the query layer is attached, so their code — usually a lazy chunk — stays off the
 * first paint's critical path, and what they read or write goes through the one query cache.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void queryLayerReady.then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
