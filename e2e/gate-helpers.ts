import { writeFileSync } from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import QRCode from "qrcode";
import { eventByTitle, payBooking } from "./public-helpers";

/** The always-active demo event: on the gate's list every day. */
export const GATE_EVENT = "Edenlandia";

/** Books and pays a spot at the gate's event through the public API; answers its pass. */
export async function buyPass(request: APIRequestContext, plate: string) {
  const event = await eventByTitle(request, GATE_EVENT);
  const rate = event.rates.find((r) => r.isPayable)!;
  const res = await request.post("/api/bookings", {
    // Each pass is a different customer: the per-client hold cap counts every local request as one
    // address otherwise (Cloudflare sets this header in production; locally nothing overwrites it).
    headers: { "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
    data: { eventId: event.id, rateId: rate.id, customerName: "Ciro Esposito", customerEmail: `${plate.toLowerCase()}@example.it`, licensePlate: plate, carModel: "Fiat Panda" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const paid = (await payBooking(request, (await res.json()).id)) as { id: string; status: string; passSecret: string | null };
  expect(paid.passSecret).toBeTruthy();
  return { event, rate, bookingId: paid.id, secret: paid.passSecret! };
}

export async function passOf(request: APIRequestContext, secret: string) {
  const res = await request.get(`/api/passes/${secret}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { status: string; gateState: string | null; checkedInAt: string | null; licensePlate: string };
}

/**
 * A Y4M video (what Chromium's fake camera plays, looping) showing `text` as a QR code: a short
 * text header, then raw YUV 4:2:0 frames — black modules on white, grey chroma.
 */
export function writeQrVideo(path: string, text: string, { width = 640, height = 480, frames = 3 } = {}) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  const cell = Math.floor(Math.min(width, height) * 0.8 / (modules.size + 2 * quiet));
  const side = cell * (modules.size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < cell; dy++) {
        const row = (top + (y + quiet) * cell + dy) * width;
        luma.fill(16, row + left + (x + quiet) * cell, row + left + (x + quiet + 1) * cell);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** The gate's own sign-in screen (no "admin" in its words). */
export async function gateLogin(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { name: "Accesso al varco" })).toBeVisible();
  await expect(page.getByText(/admin/i)).toHaveCount(0);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
}

/** The booking code a customer reads out (docs/decisions/008). */
export const codeOf = (bookingId: string) => bookingId.slice(0, 8).toUpperCase();

/** Records every answer the gate shows (its data-result), however briefly it stays on screen. */
export async function recordResults(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { gateResults: string[] }).gateResults = seen;
    let last: { el: Element | null; value: string | null } = { el: null, value: null };
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="gate-result"]');
      const value = el?.getAttribute("data-result") ?? null;
      if (el && value && (el !== last.el || value !== last.value)) seen.push(value);
      last = { el, value };
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-result"] });
  });
  return () => page.evaluate(() => (window as unknown as { gateResults: string[] }).gateResults);
}
