import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, events } from "../../db/schema";
import { adminApi, adminCookie } from "../test/admin";
import { api, seedEvent, testDb } from "../test/helpers";
import type { CategoryDto, EventDto } from "../services/events";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});
const call = (method: string, path: string, json?: unknown) => adminApi(path, { method, json, cookie });
type ErrorJson = { error: { message: string } };

describe("category writes", () => {
  it("creates with a trimmed name and a hex colour (default #3B82F6), then updates", async () => {
    const res = await call("POST", "/api/categories", { name: "  Concerti  ", color: "#ff8800" });
    expect(res.status).toBe(201);
    const created = await res.json<CategoryDto>();
    expect(created).toMatchObject({ name: "Concerti", color: "#FF8800" });
    expect(await (await call("POST", "/api/categories", { name: "Sport" })).json()).toMatchObject({ color: "#3B82F6" });

    const updated = await call("PUT", `/api/categories/${created.id}`, { name: "Concerti live", nameTranslations: { en: "  Live concerts ", de: "Live-Konzerte" }, color: "#10B981" });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({ id: created.id, name: "Concerti live", nameTranslations: { en: "Live concerts", de: "Live-Konzerte" }, color: "#10B981" });
    // A blank English name is no English name: English visitors read the Italian one.
    expect(await (await call("PUT", `/api/categories/${created.id}`, { name: "Concerti live", nameTranslations: { en: "  " }, color: "#10B981" })).json()).toMatchObject({ nameTranslations: {} });
    expect((await (await api("/api/categories")).json<CategoryDto[]>()).some((c) => c.name === "Concerti live")).toBe(true);
  });

  it.each([
    [{ name: "   ", color: "#3B82F6" }, "Il nome della categoria è obbligatorio"],
    [{ name: "Concerti", nameTranslations: { fr: "x".repeat(61) } }, "Il nome della categoria è troppo lungo (massimo 60 caratteri)"],
    [{ color: "#3B82F6" }, "Il nome della categoria è obbligatorio"],
    [{ name: "X", color: "blue" }, "Colore non valido: usa un esadecimale come #3B82F6"],
    [{ name: "X", color: "#3B82F" }, "Colore non valido: usa un esadecimale come #3B82F6"],
  ])("refuses %j with 400 and writes nothing", async (body, message) => {
    const before = (await testDb().select().from(categories)).length;
    const res = await call("POST", "/api/categories", body);
    expect(res.status).toBe(400);
    expect((await res.json<ErrorJson>()).error.message).toBe(message);
    expect((await testDb().select().from(categories)).length).toBe(before);
  });

  it("answers 404 when the category to edit or delete does not exist", async () => {
    expect((await call("PUT", "/api/categories/987654", { name: "X", color: "#000000" })).status).toBe(404);
    expect((await call("DELETE", "/api/categories/987654")).status).toBe(404);
  });

  it("deleting a category leaves its events without a category", async () => {
    const { eventId, category } = await seedEvent({ category: { name: "Da eliminare" } });
    expect((await call("DELETE", `/api/categories/${category!.id}`)).status).toBe(204);
    expect((await testDb().select().from(events).where(eq(events.id, eventId)).get())?.categoryId).toBeNull();
    const listed = (await (await api("/api/events")).json<EventDto[]>()).find((e) => e.id === eventId)!;
    expect(listed).toMatchObject({ categoryId: null, category: null });
  });
});
