import type { ReactNode } from "react";
import { notifyOutcome } from "../lib/notify-outcome";
import { Button } from "./button";

type Mutation<V> = { isPending: boolean; mutate: (variables: V, callbacks: ReturnType<typeof notifyOutcome>) => void };

/** A small button that runs one mutation and toasts how it went (`done`, or the server's message else `failed`). */
export function MutationButton<V>({ mutation, variables, done, failed, children }: { mutation: Mutation<V>; variables: V; done: string; failed: string; children: ReactNode }) {
  return (
    <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => mutation.mutate(variables, notifyOutcome(done, failed))}>
      {children}
    </Button>
  );
}
