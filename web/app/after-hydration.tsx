import { Suspense, useEffect, useState, type ReactNode } from "react";

/**
 * Client-only parts, absent from the server's HTML: mounted once the page has hydrated (or first
 * rendered), so their code — usually a lazy chunk — stays off the first paint's critical path.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
