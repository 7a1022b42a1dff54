import { beforeAll, describe, expect, it } from "vitest";
import { adminApi, adminCookie } from "../test/admin";
import { api, seedEvent } from "../test/helpers";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});
const save = (json: unknown) => adminApi("/api/live-notifications/config", { method: "PUT", json, cookie });
const current = async () => (await api("/api/live-notifications/config")).json();

describe("PUT /api/live-notifications/config", () => {
  it("saves every allowed frequency and a target event", async () => {
    const { eventId } = await seedEvent();
    for (const frequency of [5000, 10000, 15000, 30000, 60000]) {
      const body = { isEnabled: true, frequency, targetEventId: eventId, isRandomEvents: false };
      const res = await save(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(body);
      expect(await current()).toEqual(body);
    }
    const random = { isEnabled: false, frequency: 10000, targetEventId: null, isRandomEvents: true };
    expect(await (await save(random)).json()).toEqual(random);
  });

  it.each([
    [{ isEnabled: true, frequency: 7000, targetEventId: null, isRandomEvents: true }, "Frequenza non valida: scegli 5, 10, 15, 30 o 60 secondi"],
    [{ isEnabled: true, frequency: 0, targetEventId: null, isRandomEvents: true }, "Frequenza non valida: scegli 5, 10, 15, 30 o 60 secondi"],
    [{ isEnabled: true, frequency: 10000, targetEventId: 987654, isRandomEvents: false }, "Evento non trovato"],
    [{ isEnabled: true, frequency: 10000, targetEventId: -1, isRandomEvents: false }, "Evento non valido"],
  ])("refuses %j and keeps the saved config", async (body, message) => {
    const before = await current();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect(await current()).toEqual(before);
  });
});
