import { act, cleanup, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { useLayoutEffect } from "react";
import { afterEach, expect, it } from "vitest";
import { AfterHydration, appMounted } from "./after-hydration";

afterEach(cleanup);

it("mounts client-only parts once the app has mounted (hydrated), not before", async () => {
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
  // Fails if the live popups mounted during hydration: their render and chunk would join its long task.
  expect(screen.queryByText("popup")).toBeNull();
  await act(async () => {
    appMounted();
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
    appMounted();
    await Promise.resolve();
  });
  expect(await screen.findByText("first")).toBeTruthy();
  expect(await screen.findByText("second")).toBeTruthy();
  // Fails if both parts mounted in the same commit: one long task for all of them on a phone.
  expect(secondThereWhenFirstMounted).toEqual([false]);
});
