import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, adminCookie } from "../test/admin";
import { api } from "../test/helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});
const save = (json: unknown) => adminApi("/api/carousel-settings", { method: "PUT", json, cookie });
const SPEED = "La velocità di scorrimento deve essere tra 0.5 e 10, a passi di 0.5";
const FRAME = "La fluidità dell'animazione deve essere un numero intero tra 8 e 50 ms";

describe("PUT /api/carousel-settings", () => {
  it("saves values inside the spec's bounds, including both ends", async () => {
    for (const body of [
      { scrollSpeed: 0.5, frameRate: 8, isEnabled: false },
      { scrollSpeed: 10, frameRate: 50, isEnabled: true },
      { scrollSpeed: 2.5, frameRate: 33, isEnabled: true },
    ]) {
      const res = await save(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(body);
      expect(await (await api("/api/carousel-settings")).json()).toEqual(body);
    }
  });

  it.each([
    [{ scrollSpeed: 0.4, frameRate: 16, isEnabled: true }, SPEED],
    [{ scrollSpeed: 10.5, frameRate: 16, isEnabled: true }, SPEED],
    [{ scrollSpeed: 1.25, frameRate: 16, isEnabled: true }, SPEED],
    [{ scrollSpeed: "1", frameRate: 16, isEnabled: true }, SPEED],
    [{ scrollSpeed: 1, frameRate: 7, isEnabled: true }, FRAME],
    [{ scrollSpeed: 1, frameRate: 51, isEnabled: true }, FRAME],
    [{ scrollSpeed: 1, frameRate: 16.5, isEnabled: true }, FRAME],
  ])("refuses %j and keeps the saved settings", async (body, message) => {
    const before = await (await api("/api/carousel-settings")).json();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect(await (await api("/api/carousel-settings")).json()).toEqual(before);
  });
});
