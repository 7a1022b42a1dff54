import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { partners, uploads } from "../../db/schema";
import { adminApi, adminCookie } from "../test/admin";
import { api, testDb } from "../test/helpers";
import type { PartnerDto } from "../services/settings";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});
const call = (method: string, path: string, json?: unknown) => adminApi(path, { method, json, cookie });

async function uploaded(name: string) {
  await testDb().insert(uploads).values({ key: `uploads/${name}`, kind: "partner", contentType: "image/png", size: 10 });
  return `/objects/uploads/${name}`;
}

describe("partner writes", () => {
  it("creates partners active by default, from an uploaded logo, in the given order", async () => {
    const imageUrl = await uploaded("logo-a.png");
    const res = await call("POST", "/api/partners", { name: " Pizzeria Vesuvio ", nameTranslations: { en: "Vesuvio Pizzeria" }, imageUrl, sortOrder: 7 });
    expect(res.status).toBe(201);
    const created = await res.json<PartnerDto>();
    expect(created).toMatchObject({ name: "Pizzeria Vesuvio", nameTranslations: { en: "Vesuvio Pizzeria" }, imageUrl, sortOrder: 7, isActive: true });
    expect((await (await api("/api/partners")).json<PartnerDto[]>()).some((p) => p.id === created.id)).toBe(true);
  });

  it("keeps isActive when the dashboard sends it, and places partners last without a sortOrder", async () => {
    const inactive = await (await call("POST", "/api/partners", { name: "Spento", imageUrl: await uploaded("logo-b.png"), isActive: false })).json<PartnerDto>();
    expect(inactive.isActive).toBe(false);
    expect(inactive.sortOrder).toBe((await testDb().select().from(partners)).length);
    expect((await (await api("/api/partners")).json<PartnerDto[]>()).some((p) => p.id === inactive.id)).toBe(false);
  });

  it("normalises the upload URL to /objects/uploads/{file}", async () => {
    await uploaded("logo-c.png");
    const res = await call("POST", "/api/partners", { name: "C", imageUrl: "http://localhost:8787/api/uploads/logo-c.png?exp=1&sig=x" });
    expect((await res.json<PartnerDto>()).imageUrl).toBe("/objects/uploads/logo-c.png");
  });

  it.each([
    [{ name: "", imageUrl: "/objects/uploads/x.png" }, 400, "Il nome del partner è obbligatorio"],
    [{ name: "X", imageUrl: "https://evil.example.com/x.png" }, 400, "Indirizzo immagine non valido"],
    [{ name: "X", imageUrl: "/objects/uploads/never-uploaded.png" }, 400, "Immagine non trovata: caricala di nuovo"],
    [{ name: "X", imageUrl: "/objects/uploads/x.png", sortOrder: -1 }, 400, "Ordine non valido"],
    [{ name: "X", nameTranslations: { de: "x".repeat(101) }, imageUrl: "/objects/uploads/x.png" }, 400, "Il nome del partner è troppo lungo (massimo 100 caratteri)"],
  ])("refuses %j", async (body, status, message) => {
    const before = (await testDb().select().from(partners)).length;
    const res = await call("POST", "/api/partners", body);
    expect(res.status).toBe(status);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(message);
    expect((await testDb().select().from(partners)).length).toBe(before);
  });

  it("deletes a partner (its upload stays for the orphan cron); 404 the second time", async () => {
    const imageUrl = await uploaded("logo-d.png");
    const { id } = await (await call("POST", "/api/partners", { name: "D", imageUrl })).json<PartnerDto>();
    expect((await call("DELETE", `/api/partners/${id}`)).status).toBe(204);
    expect(await testDb().select().from(partners).where(eq(partners.id, id)).get()).toBeUndefined();
    expect(await testDb().select().from(uploads).where(eq(uploads.key, "uploads/logo-d.png")).get()).toBeDefined();
    expect((await call("DELETE", `/api/partners/${id}`)).status).toBe(404);
  });
});
