import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, expect, it } from "vitest";
import { preloadable } from "./preloadable";

afterEach(cleanup);

it("renders a part whose code was preloaded at once, without suspending (a tap React hydrates it for is never dropped)", async () => {
  const { Component: Part, preload } = preloadable(async () => ({ text }: { text: string }) => <p>{text}</p>);
  await preload();
  render(
    <Suspense fallback={<p>waiting</p>}>
      <Part text="ready" />
    </Suspense>,
  );
  // Fails if the part went through lazy() anyway: its first render would show the fallback.
  expect(screen.getByText("ready")).toBeTruthy();
  expect(screen.queryByText("waiting")).toBeNull();
});

it("is a plain lazy part when rendered before its code is there, and loads its code once", async () => {
  let loads = 0;
  const { Component: Part, preload } = preloadable(async () => {
    loads++;
    return ({ text }: { text: string }) => <p>{text}</p>;
  });
  render(
    <Suspense fallback={<p>waiting</p>}>
      <Part text="later" />
    </Suspense>,
  );
  expect(screen.getByText("waiting")).toBeTruthy();
  expect(await screen.findByText("later")).toBeTruthy();
  await preload();
  expect(loads).toBe(1);
});
