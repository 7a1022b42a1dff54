import { cleanup, render } from "@testing-library/react";
import { Provider } from "jotai";
import type { ReactNode } from "react";
import { afterEach, vi } from "vitest";
import { createAppStore, createQueryClient } from "../app/query-client";
import { italianLanguage } from "./italian";

// For admin screens' unit tests: a fetch that answers by method and path, and a fresh store.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Answers the API by method and path (others: 404); returns every call made, in order. */
export function serve(routes: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`;
      calls.push(key);
      return key in routes ? Response.json(routes[key]) : new Response("{}", { status: 404 });
    }),
  );
  return calls;
}

/** Renders a screen in Italian with its own query cache. */
export const mount = (node: ReactNode) => render(<Provider store={createAppStore(createQueryClient(), italianLanguage)}>{node}</Provider>);
