import { act, cleanup, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { useLayoutEffect } from "react";
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
  expect(await screen.findByText("popup")).toBeTruthy();
});

it("mounts the client-only parts one at a time, each in a commit of its own", async () => {
  const store = createStore();
  const secondThereWhenFirstMounted: boolean[] = [];
  function First() {
    useLayoutEffect(() => {
      secondThereWhenFirstMounted.push(screen.queryByText("second") !== null);
    }, []);
    return <p>first</p>;
  }
  render(
    <Provider store={store}>
      <AfterHydration>
        <First />
      </AfterHydration>
      <AfterHydration>
        <p>second</p>
      </AfterHydration>
    </Provider>,
  );
  await act(async () => {
    attachQueries(store, createQueryClient());
    await Promise.resolve();
  });
  expect(await screen.findByText("first")).toBeTruthy();
  expect(await screen.findByText("second")).toBeTruthy();
  // Fails if both parts mounted in the same commit: one long task for all of them on a phone.
  expect(secondThereWhenFirstMounted).toEqual([false]);
});
