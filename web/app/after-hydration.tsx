import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";

// The client-only parts mount one at a time, each in a task of its own: mounted together they were
// one render and one commit of every part (and their chunks' preloads) in a single task, a long one
// on a phone right when the page is becoming interactive.
let markAppMounted: () => void = () => undefined;
/** Resolves once the app's root has mounted (on the home: hydrated); App calls `appMounted()`. */
let previousTurn = new Promise<void>((resolve) => {
  markAppMounted = resolve;
});
export const appMounted = () => markAppMounted();

/**
 * Client-only parts, absent from the server's HTML: mounted once the page has hydrated (or first
 * rendered), so their code — usually a lazy chunk — stays off the first paint's critical path. A
 * part that reads through the query cache loads its code with `afterQueryLayer` (the home attaches
 * the query layer only on a visitor's first touch).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const endTurn = useRef<() => void>(() => undefined);
  useEffect(() => {
    let mounted = true;
    const myTurn = previousTurn;
    previousTurn = new Promise<void>((resolve) => {
      endTurn.current = resolve;
    });
    void myTurn.then(() =>
      setTimeout(() => {
        if (mounted) setReady(true);
        else endTurn.current();
      }),
    );
    return () => {
      mounted = false;
      endTurn.current();
    };
  }, []);
  // The next part's turn comes once this one has committed.
  useEffect(() => {
    if (ready) endTurn.current();
  }, [ready]);
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}
