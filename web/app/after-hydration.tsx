import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { queryLayerReady } from "./query-ready";

// The client-only parts mount one at a time, each in a task of its own: mounted together they were
// one render and one commit of every part (and their chunks' preloads) in a single task, a long one
// on a phone right when the page is becoming interactive.
let previousTurn: Promise<void> = queryLayerReady;

/**
 * Client-only parts, absent from the server's HTML: mounted once the page has hydrated (or first
 * rendered) and the query layer is attached, so their code — usually a lazy chunk — stays off the
 * first paint's critical path, and what they read or write goes through the one query cache.
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
