import { Suspense, type ReactNode } from "react";

/**
 * A part of the server-rendered home that React hydrates in a pass of its own: a Suspense boundary
 * splits hydration into several short tasks (and commits) instead of one long one for the whole page.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
