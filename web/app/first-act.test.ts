import { afterEach, expect, it } from "vitest";
import { ACTED_MARK, onFirstAct } from "./first-act";

afterEach(() => document.getElementById("root")?.remove());

it("waits for the visitor's first press", () => {
  const root = document.createElement("div");
  root.id = "root";
  document.body.appendChild(root);
  let acts = 0;
  onFirstAct(() => acts++);
  expect(acts).toBe(0);
  window.dispatchEvent(new Event("pointerdown"));
  window.dispatchEvent(new Event("keydown"));
  expect(acts).toBe(1);
});

it("acts at once when the boot script saw a press before the app ran (the tap that started it is not waited for twice)", async () => {
  const root = document.createElement("div");
  root.id = "root";
  root.setAttribute(ACTED_MARK, "");
  document.body.appendChild(root);
  let acts = 0;
  onFirstAct(() => acts++);
  await Promise.resolve();
  expect(acts).toBe(1);
  const stop = onFirstAct(() => acts++);
  stop();
  await Promise.resolve();
  expect(acts).toBe(1);
});
