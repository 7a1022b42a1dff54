import { expect, test, type Page } from "./visitor-test";
import { adminSession, buyPaidBooking, createEventViaApi, loginAsAdmin, makePng, unique } from "./admin-helpers";
import { transitionsDone } from "./public-helpers";

/** Width and height from a WebP's first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WEBP") return null;
  const chunk = bytes.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}

test.use({ viewport: { width: 1366, height: 1000 } });

async function rowTitles(page: Page, titles: string[]): Promise<string[]> {
  const all = await page.getByTestId("event-row").locator("td:nth-child(2) p.font-medium").allTextContents();
  return all.filter((t) => titles.includes(t));
}

/** Space picks the row up, each arrow waits for dnd-kit's announcement, space drops it. */
async function moveByKeyboard(page: Page, title: string, key: "ArrowDown" | "ArrowUp", steps: number) {
  const handle = page.getByRole("button", { name: `Trascina per riordinare: ${title}` });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  const region = page.locator("[id^=DndLiveRegion]");
  // The pick-up is announced; dnd-kit starts listening for arrows a task after it, so an arrow
  // pressed in between is dropped: pressed again only while the announcement has not moved.
  await expect(region).toContainText(title);
  for (let i = 0; i < steps; i++) {
    const before = (await region.textContent()) ?? "";
    await expect(async () => {
      if ((await region.textContent()) === before) await page.keyboard.press(key);
      await expect(region).not.toHaveText(before, { timeout: 2_000 });
    }).toPass();
  }
  await page.keyboard.press("Space");
}

async function publicOrder(page: Page, titles: string[]): Promise<string[]> {
  const events: { title: string }[] = await (await page.request.get("/api/events")).json();
  return events.map((e) => e.title).filter((t) => titles.includes(t));
}

test("create an event with two rates and a cropped image, then find it on the public home", async ({ page }) => {
  const title = unique("Concerto di prova");
  await loginAsAdmin(page, "/admin?tab=eventi");
  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  const modal = page.getByRole("dialog", { name: "Nuovo evento" });
  await expect(modal).toBeVisible();

  // The spec's validation message, nothing sent.
  await modal.getByRole("button", { name: "Crea evento" }).click();
  await expect(modal.getByRole("alert")).toHaveText("Tutti i campi sono obbligatori (data/ora o 'Sempre Attivo')");

  await modal.getByLabel("Titolo", { exact: true }).fill(title);
  await modal.getByLabel("Descrizione", { exact: true }).fill("Serata di prova allo stadio, parcheggio custodito.");
  await modal.getByLabel("Data e ora").fill("2030-06-20T21:00");
  // Numbers with their unit (issue #25): the hint shows how each language will read them.
  await modal.getByLabel("Durata (ore)").fill("2,5");
  await expect(modal.getByText("Sul sito: 2 ore e 30 minuti · in inglese: 2 hours 30 minutes")).toBeVisible();
  await modal.getByLabel("Distanza dal luogo (metri)").fill("1500");
  await expect(modal.getByText("Sul sito: 1,5 km · in inglese: 1.5 km")).toBeVisible();
  await modal.getByLabel("Posti totali").fill("40");
  await modal.getByLabel("Nome Tariffa 1").fill("Posto auto");
  await modal.getByLabel("Prezzo (€) Tariffa 1").fill("15");
  await modal.getByRole("button", { name: "Aggiungi tariffa" }).click();
  await modal.getByLabel("Nome Tariffa 2").fill("Posto coperto");
  await modal.getByLabel("Descrizione Tariffa 2").fill("Al coperto");
  await modal.getByLabel("Prezzo (€) Tariffa 2").fill("22.50");

  // The English twins live in the dialog's English tab; left blank, English visitors read the Italian.
  await modal.getByRole("tab", { name: "English" }).click();
  await modal.getByLabel("Titolo (English, facoltativo)").fill(`${title} (EN)`);
  await modal.getByRole("group", { name: "Tariffa 2: Posto coperto" }).getByLabel("Nome (English, facoltativo)").fill("Covered space");
  await modal.getByRole("tab", { name: "Italiano" }).click();

  await modal.getByRole("button", { name: "Carica immagine" }).click();
  const crop = page.getByRole("dialog", { name: "Ritaglia immagine" });
  // Refused first: a GIF is not JPG/PNG.
  await crop.getByLabel("Scegli un file").setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
  await expect(crop.getByRole("alert")).toHaveText("Formato non supportato. Usa JPG o PNG.");
  await crop.getByLabel("Scegli un file").setInputFiles({ name: "stadio.png", mimeType: "image/png", buffer: makePng(800, 500, [14, 116, 144], [250, 204, 21]) });
  await expect(crop.getByTestId("crop-area").locator("img")).toBeVisible();
  await crop.getByRole("button", { name: "Aumenta zoom" }).click();
  await expect(crop.getByRole("slider")).toHaveValue("1.25");
  await crop.getByRole("button", { name: "Ritaglia e carica" }).click();
  await expect(page.getByText("Immagine caricata e ritagliata con successo")).toBeVisible();
  await expect(crop).toBeHidden();

  const preview = modal.getByTestId("event-image-preview");
  // Twice the card's largest size (400 px), in WebP: sharp on a 2× phone screen.
  await expect(preview).toHaveAttribute("src", /^\/objects\/uploads\/.+\.webp$/);
  const image = await page.request.get((await preview.getAttribute("src"))!);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(webpSize(await image.body())).toEqual({ width: 800, height: 600 });

  await modal.getByRole("button", { name: "Crea evento" }).click();
  await expect(page.getByText("Evento creato con successo")).toBeVisible();
  await expect(modal).toBeHidden();
  const row = page.getByTestId("event-row").filter({ hasText: title });
  await expect(row).toContainText("€ 15,00 – € 22,50");
  await expect(row).toContainText("20/06/2030, 21:00");
  await expect(row).toContainText("40/40");

  await page.goto("/");
  await expect(page.getByText(title).first()).toBeVisible();
  const publicEvent = ((await (await page.request.get("/api/events")).json()) as { title: string; titleTranslations: Record<string, string>; durationMinutes: number; distanceMeters: number; imageUrl: string; rates: { name: string; nameTranslations: Record<string, string>; price: string }[] }[]).find(
    (e) => e.title === title,
  )!;
  expect(publicEvent.rates.map((r) => [r.name, r.nameTranslations, r.price])).toEqual([
    ["Posto auto", {}, "15.00"],
    ["Posto coperto", { en: "Covered space" }, "22.50"],
  ]);
  expect(publicEvent).toMatchObject({ titleTranslations: { en: `${title} (EN)` }, durationMinutes: 150, distanceMeters: 1500 });
  expect(publicEvent.imageUrl).toMatch(/^\/objects\/uploads\//);
});

test("reorder events by dragging and by keyboard; the order survives a reload and reaches the public list", async ({ page }) => {
  await adminSession(page.request);
  const titles = [unique("Ordine A"), unique("Ordine B"), unique("Ordine C")];
  for (const title of titles) await createEventViaApi(page.request, { title });
  await page.goto("/admin?tab=eventi");
  const [a, b, c] = titles;
  await expect.poll(() => rowTitles(page, titles)).toEqual([a, b, c]);

  // Drag A's grip below C with the mouse (both rows on screen first).
  const handleA = page.getByRole("button", { name: `Trascina per riordinare: ${a}` });
  const rowC = page.getByTestId("event-row").filter({ hasText: c });
  await rowC.scrollIntoViewIfNeeded();
  const from = (await handleA.boundingBox())!;
  const to = (await rowC.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.8, { steps: 20 });
  await page.mouse.up();
  await expect(page.getByText("Ordine aggiornato")).toBeVisible();
  await expect.poll(() => rowTitles(page, titles)).toEqual([b, c, a]);
  await page.reload();
  await expect.poll(() => rowTitles(page, titles)).toEqual([b, c, a]);
  expect(await publicOrder(page, titles)).toEqual([b, c, a]);

  // Keyboard: focus B's grip, pick it up with space, one step down, drop with space.
  await moveByKeyboard(page, b, "ArrowDown", 1);
  await expect(page.getByText("Ordine aggiornato").first()).toBeVisible();
  await expect.poll(() => rowTitles(page, titles)).toEqual([c, b, a]);
  await page.reload();
  await expect.poll(() => rowTitles(page, titles)).toEqual([c, b, a]);
  expect(await publicOrder(page, titles)).toEqual([c, b, a]);
});

test("a failed reorder puts the list back in the server's order", async ({ page }) => {
  await adminSession(page.request);
  const titles = [unique("Ritorno A"), unique("Ritorno B")];
  for (const title of titles) await createEventViaApi(page.request, { title });
  await page.goto("/admin?tab=eventi");
  await expect.poll(() => rowTitles(page, titles)).toEqual(titles);
  await page.route("**/api/reorder-events", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"internal","message":"x"}}' }));
  await moveByKeyboard(page, titles[0], "ArrowDown", 1);
  await expect(page.getByText("Errore nell'aggiornamento dell'ordine")).toBeVisible();
  await expect.poll(() => rowTitles(page, titles)).toEqual(titles);
});

test("switching an event off hides it from the public home; deleting asks first and refuses events with bookings", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=eventi");
  const hidden = unique("Evento da spegnere");
  await createEventViaApi(page.request, { title: hidden });
  const sold = await createEventViaApi(page.request, { title: unique("Evento venduto") });
  await buyPaidBooking(page.request, sold.id, sold.rates[0].id, { name: "Luca Bianchi", plate: "AB123CD" });
  const disposable = unique("Evento da eliminare");
  await createEventViaApi(page.request, { title: disposable });

  await page.goto("/");
  await expect(page.getByText(hidden).first()).toBeVisible();

  await page.goto("/admin?tab=eventi");
  await page.getByRole("switch", { name: `Disattiva ${hidden}` }).click();
  await expect(page.getByText("Evento disattivato")).toBeVisible();
  await expect(page.getByRole("switch", { name: `Attiva ${hidden}` })).not.toBeChecked();
  await page.goto("/");
  await expect(page.getByText(hidden)).toHaveCount(0);
  expect(((await (await page.request.get("/api/events")).json()) as { title: string }[]).some((e) => e.title === hidden)).toBe(false);

  await page.goto("/admin?tab=eventi");
  await page.getByRole("button", { name: `Elimina ${disposable}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Eliminare l'evento?" });
  await expect(confirm).toContainText("Sei sicuro di voler eliminare questo evento? Questa azione non può essere annullata.");
  // The dialog slides in (200 ms, longer on a busy machine): its buttons are pressed once it stands
  // still, as a finger would, not while they move under the pointer (a press and a release apart).
  await transitionsDone(page);
  await confirm.getByRole("button", { name: "Annulla" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("event-row").filter({ hasText: disposable })).toHaveCount(1);
  await page.getByRole("button", { name: `Elimina ${disposable}` }).click();
  await transitionsDone(page);
  await confirm.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Evento eliminato")).toBeVisible();
  await expect(page.getByTestId("event-row").filter({ hasText: disposable })).toHaveCount(0);

  await page.getByRole("button", { name: `Elimina ${(await (await page.request.get("/api/admin/events")).json()).find((e: { id: number }) => e.id === sold.id).title}` }).click();
  await transitionsDone(page);
  await confirm.getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Impossibile eliminare: l'evento ha prenotazioni. Disattivalo.")).toBeVisible();
});

test("a saved rate's visibility switch acts at once, with its toast", async ({ page }) => {
  await adminSession(page.request);
  const title = unique("Tariffe al volo");
  const created = await createEventViaApi(page.request, { title, rates: [{ name: "Posto auto", price: "10" }, { name: "Moto", price: "5" }] });
  await page.goto("/admin?tab=eventi");
  await page.getByRole("button", { name: `Modifica ${title}` }).click();
  const modal = page.getByRole("dialog", { name: "Modifica evento" });
  await modal.getByTestId("rate-row").nth(1).getByRole("switch", { name: "Visibile" }).click();
  await expect(page.getByText("Tariffa nascosta dal sito")).toBeVisible();
  const rates: { name: string }[] = await (await page.request.get(`/api/events/${created.id}/rates`)).json();
  expect(rates.map((r) => r.name)).toEqual(["Posto auto"]);
});

test("the crop dialog cannot be closed while its upload is running", async ({ page }) => {
  await loginAsAdmin(page, "/admin?tab=eventi");
  // Hold the signed PUT for a moment so the upload is visibly in progress.
  await page.route("**/api/uploads/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByRole("button", { name: "Crea Nuovo Evento" }).click();
  await page.getByRole("button", { name: "Carica immagine" }).click();
  const crop = page.getByRole("dialog", { name: "Ritaglia immagine" });
  await crop.getByLabel("Scegli un file").setInputFiles({ name: "x.png", mimeType: "image/png", buffer: makePng(400, 300, [0, 0, 0], [200, 200, 200]) });
  await crop.getByRole("button", { name: "Ritaglia e carica" }).click();
  await expect(crop.getByRole("progressbar", { name: "Upload in corso" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("Attendi il completamento dell'upload prima di chiudere")).toBeVisible();
  await expect(crop).toBeVisible();
  await expect(page.getByText("Immagine caricata e ritagliata con successo")).toBeVisible();
  await expect(crop).toBeHidden();
});
