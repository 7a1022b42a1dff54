import { execFileSync, spawnSync } from "node:child_process";
import { createPublicKey, createVerify, createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "./visitor-test";
import { unzipSync } from "fflate";
import { seasonOfTwoMatchesTonight, unique } from "./admin-helpers";
import { buyPass } from "./gate-helpers";
import { payBooking } from "./public-helpers";

// `npm start` (the browser tests' server) signs with the local identity it keeps here (scripts/start.mjs).
const identity = () => JSON.parse(readFileSync(".wrangler/wallet-dev/identity.json", "utf8")) as { caCert: string; googlePublicKey: string };
const hasOpenssl = spawnSync("which", ["openssl"]).status === 0;

test.use({ viewport: { width: 390, height: 844 } });

/** The .pkpass the Apple button downloads: manifest hashes, signature (openssl against the test CA) and pass.json. */
async function downloadedPass(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pass-[0-9A-F]{8}\.pkpass$/);
  const dir = mkdtempSync(join(tmpdir(), "pkpass-"));
  const path = join(dir, "pass.pkpass");
  await download.saveAs(path);
  const files = unzipSync(readFileSync(path));
  const manifest = JSON.parse(Buffer.from(files["manifest.json"]).toString("utf8")) as Record<string, string>;
  for (const [file, hash] of Object.entries(manifest)) expect(createHash("sha1").update(files[file]).digest("hex"), file).toBe(hash);
  if (hasOpenssl) {
    writeFileSync(join(dir, "manifest.json"), files["manifest.json"]);
    writeFileSync(join(dir, "signature"), files.signature);
    writeFileSync(join(dir, "ca.pem"), identity().caCert);
    // Throws (and fails the test) unless the detached signature verifies up to the test CA.
    execFileSync("openssl", ["smime", "-verify", "-binary", "-inform", "DER", "-in", "signature", "-content", "manifest.json", "-CAfile", "ca.pem", "-out", "/dev/null"], { cwd: dir, stdio: "pipe" });
  } else {
    test.info().annotations.push({ type: "skipped check", description: "no openssl on this machine: the signature is verified by the worker tests only" });
  }
  return JSON.parse(Buffer.from(files["pass.json"]).toString("utf8"));
}

/** The Google button opens Google's save link (answered here by a stand-in page: no network); its JWT, verified. */
async function openedGoogleJwt(page: Page, name: string) {
  await page.context().route("https://pay.google.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Google Wallet</title>" }));
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name }).click()]);
  await popup.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  const jwt = popup.url().split("/save/")[1];
  await popup.close();
  const [header, payload, signature] = jwt.split(".");
  const verifier = createVerify("RSA-SHA256").update(`${header}.${payload}`);
  expect(verifier.verify(createPublicKey(identity().googlePublicKey), Buffer.from(signature, "base64url"))).toBe(true);
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

async function buttonsFitThePhone(page: Page) {
  for (const button of await page.getByTestId("wallet-buttons").getByRole("link").all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
}

test("on the pass page at 390 px, in Italian: Apple's .pkpass downloads signed, Google's save link opens", async ({ page, request }) => {
  const { secret } = await buyPass(request, "NA246WL");
  await page.goto(`/p/${secret}`);
  await expect(page.getByRole("link", { name: "Aggiungi a Apple Wallet" })).toBeVisible();
  await buttonsFitThePhone(page);

  const pass = await downloadedPass(page, "Aggiungi a Apple Wallet");
  expect(pass.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "plate", label: "Targa", value: "NA246WL" }));
  expect(pass.barcodes[0].message).toMatch(new RegExp(`/p/${secret}$`));
  expect(pass.locations).toHaveLength(1);

  const claims = await openedGoogleJwt(page, "Aggiungi a Google Wallet");
  const [ticket] = claims.payload.eventTicketObjects;
  expect(ticket.barcode.value).toMatch(new RegExp(`/p/${secret}$`));
  expect(ticket.textModulesData).toContainEqual({ id: "plate", header: "Targa", body: "NA246WL" });
});

test.describe("in English", () => {
  test.use({ locale: "en-GB" });

  test("on the pass page at 390 px: Add to Apple Wallet and Add to Google Wallet do the same", async ({ page, request }) => {
    const { secret } = await buyPass(request, "NA135EN");
    await page.goto(`/p/${secret}?lang=en`);
    await expect(page.getByRole("link", { name: "Add to Apple Wallet" })).toBeVisible();
    await buttonsFitThePhone(page);
    const pass = await downloadedPass(page, "Add to Apple Wallet");
    expect(pass.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "plate", value: "NA135EN" }));
    const claims = await openedGoogleJwt(page, "Add to Google Wallet");
    expect(claims.payload.eventTicketObjects[0].barcode.value).toMatch(new RegExp(`/p/${secret}$`));
  });
});


/** A season of two matches tonight, bought and paid through the public API: the holder's one pass link. */
async function boughtSeason(page: Page, plate: string) {
  const title = unique("Partita wallet");
  const season = await seasonOfTwoMatchesTonight(page.request, title);
  const bought = await page.request.post(`/api/seasons/${season.id}/holders`, {
    headers: { "Idempotency-Key": crypto.randomUUID(), "CF-Connecting-IP": `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
    data: { customerName: "Gennaro Esposito", customerEmail: `${plate.toLowerCase()}@example.it`, licensePlate: plate, carModel: "Fiat Panda" },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { bookingId } = (await bought.json()) as { bookingId: string };
  await payBooking(page.request, bookingId);
  const booking = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as { passSecret: string };
  return { title, secret: booking.passSecret };
}

test("on a season holder's pass page at 390 px: one wallet pass for the season, showing the next match", async ({ page }) => {
  const { title, secret } = await boughtSeason(page, "SE246WL");
  await page.goto(`/p/${secret}`);
  await expect(page.getByTestId("season-pass")).toBeVisible();
  await expect(page.getByRole("link", { name: "Aggiungi a Apple Wallet" })).toBeVisible();
  await buttonsFitThePhone(page);
  await page.screenshot({ path: "test-results/season-wallet-390.png", fullPage: true });
  const pass = await downloadedPass(page, "Aggiungi a Apple Wallet");
  expect(pass.eventTicket.primaryFields[0]).toMatchObject({ label: "Abbonamento", value: `Abbonamento ${title}` });
  expect(pass.eventTicket.secondaryFields).toContainEqual(expect.objectContaining({ key: "nextMatch", value: `${title} A` }));
  expect(pass.barcodes[0].message).toMatch(new RegExp(`/p/${secret}$`));
  const claims = await openedGoogleJwt(page, "Aggiungi a Google Wallet");
  expect(claims.payload.eventTicketObjects[0].textModulesData[0]).toMatchObject({ id: "nextMatch", header: "Prossima partita" });

  await page.goto(`/p/${secret}?lang=en`);
  await expect(page.getByRole("link", { name: "Add to Apple Wallet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to Google Wallet" })).toBeVisible();
});
