import { act, cleanup, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { afterEach, expect, it } from "vitest";
import { AfterHydration } from "./after-hydration";
import { attachQueries, createQueryClient } from "./query-client";

afterEach(cleanup);

it("mounts client-only parts once the query layer is attached, not before", async () => {
  const store = createStore();
  render(
    <Provider store={store}>
      <AfterHydration>
        <p>popup</p>
      </AfterHydration>
    </Provider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  // Fails if the live popups mounted before the query client: they would fetch with a client of their own.
  expect(screen.queryByText("popup")).toBeNull();
  await act(async () => {
    attachQueries(store, createQueryClient());
    await Promise.resolve();
  });
  expect(screen.getByText("popup")).toBeTruthy();
});
