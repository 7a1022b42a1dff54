import { expect, test } from "./visitor-test";
import { adminSession, createEventViaApi, loginAsAdmin, unique } from "./admin-helpers";
import { bookingCodeOf, cancelledEventOnHome, createBooking, eventByTitle, payBooking, withoutLivePopups } from "./public-helpers";
import { openRefundOfPaidBooking } from "./refund-helpers";

test.describe("after the sale", () => {
  test("a demo payment's confirmation e-mail shows in the admin E-mail view with its pass QR, and Reinvia sends it again", async ({ page }) => {
    const event = await eventByTitle(page.request, "Pinguini");
    const booking = await createBooking(page.request, event.id, event.rates[0].id, { name: "Lucia Ferri", email: "lucia.ferri@example.it" });
    await payBooking(page.request, booking.id);
    const code = bookingCodeOf(booking.id);

    await loginAsAdmin(page, "/admin?tab=email");
    const row = page.getByTestId("email-row").filter({ has: page.getByText(code) });
    await expect(row).toBeVisible();
    await expect(row.getByText("Inviata", { exact: true })).toBeVisible();
    await expect(row).toContainText("lucia.ferri@example.it");

    await row.getByRole("button", { name: "Anteprima" }).click();
    const frame = page.frameLocator('[data-testid="email-preview"]');
    await expect(frame.getByRole("heading", { name: /Prenotazione confermata/ })).toBeVisible();
    const qr = frame.getByRole("img", { name: `QR del pass ${code}` });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    await expect(frame.getByRole("link", { name: "Apri il pass" })).toHaveAttribute("href", /\/p\/[A-Za-z0-9_-]{22,}$/);
    await page.getByRole("button", { name: "Chiudi" }).last().click();

    await row.getByRole("button", { name: "Reinvia" }).click();
    await expect(page.getByText("E-mail rimessa in coda per l'invio")).toBeVisible();
    await expect(row.locator("td").nth(3)).toHaveText("2");
    await expect(row.getByText("Inviata", { exact: true })).toBeVisible();
  });

  test("the admin refunds a paid booking in part, then in full; the payments tab shows both refunds", async ({ page }) => {
    const name = `Rimborso ${Date.now().toString(36)}`;
    const { row, dialog } = await openRefundOfPaidBooking(page, name, "rimborso@example.it");
    await dialog.getByLabel("Importo da rimborsare (€)").fill("5,00");
    await dialog.getByLabel("Motivo").fill("Cancello in ritardo");
    await dialog.getByRole("button", { name: "Rimborsa" }).click();
    await expect(page.getByText("Rimborsati € 5,00: il cliente riceverà un'e-mail")).toBeVisible();
    await expect(row.getByText("Opzionato")).toBeVisible();

    await row.getByRole("button", { name: "Rimborsa" }).click();
    await dialog.getByRole("button", { name: "Rimborsa" }).click();
    await expect(page.getByText("Rimborso totale effettuato: il cliente riceverà un'e-mail")).toBeVisible();
    await expect(row.getByText("Rimborsato")).toBeVisible();
    await expect(row.getByRole("button", { name: "Rimborsa" })).toHaveCount(0);

    await page.getByRole("tab", { name: "Pagamenti" }).click();
    const payment = page.getByTestId("payment-row").filter({ hasText: name });
    await expect(payment.getByText("Rimborsato", { exact: true })).toBeVisible();
    await expect(payment.getByText(/− € 5,00 il/)).toBeVisible();
    await expect(payment.getByText(/− € 10,00 il/)).toBeVisible();
  });

  test("a customer changes the plate and cancels from the pass page, and gets the refund", async ({ page }) => {
    const event = await eventByTitle(page.request, "Pinguini");
    const booking = await createBooking(page.request, event.id, event.rates[0].id, { name: "Marco Vitale", email: "marco.vitale@example.it" });
    await payBooking(page.request, booking.id);
    const pass = await (await page.request.post("/api/my-bookings/lookup", { data: { email: "marco.vitale@example.it", code: bookingCodeOf(booking.id) } })).json();
    const secret = (pass.bookings ?? pass).find((b: { id?: string; code?: string }) => b.code === bookingCodeOf(booking.id))?.passSecret;
    expect(secret, JSON.stringify(pass)).toBeTruthy();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/p/${secret}`);
    await expect(page.getByText("Pass valido")).toBeVisible();
    // Issue #25: the WhatsApp button sat on the caption under the QR. It steps aside from it now.
    const caption = page.getByText("Mostra questo codice QR al varco del parcheggio.");
    for (const y of [0, 150, 300, 450]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect
        .poll(async () => {
          const chat = page.getByRole("link", { name: /WhatsApp/ });
          const [a, b, aside] = [await chat.boundingBox(), await caption.boundingBox(), await chat.getAttribute("data-aside")];
          const overlap = !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          return !overlap || aside === "true";
        })
        .toBe(true);
    }
    const manage = page.getByTestId("pass-actions");
    await manage.getByLabel("Nuova targa").fill("fg 456 hi");
    await manage.getByRole("button", { name: "Salva targa" }).click();
    await expect(page.getByText("Targa aggiornata: FG456HI")).toBeVisible();
    await expect(page.getByTestId("pass").getByText("FG456HI")).toBeVisible();

    await expect(manage.getByText(/Puoi annullare e ricevere il rimborso completo fino a/)).toBeVisible();
    await manage.getByRole("button", { name: "Annulla prenotazione" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sì, annulla e rimborsa" }).click();
    const toastShown = page.getByRole("status").filter({ hasText: "Prenotazione annullata: rimborso di € 15,00 in corso." });
    await expect(toastShown).toBeVisible();
    // The page comes back to the pass, void now, instead of staying at its foot where the button was.
    await expect(page.getByText("Pass annullato")).toBeInViewport();
    // Issue #25: the toast sat on the page's heading. It sits over the header bar now.
    await page.evaluate(() => window.scrollTo(0, 0));
    const [toastBox, headingBox] = [await toastShown.boundingBox(), await page.getByRole("heading", { level: 1 }).first().boundingBox()];
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(headingBox!.y);
    await expect(page.getByText("Pass annullato")).toBeVisible();
    await expect(manage.getByRole("button", { name: "Annulla prenotazione" })).toHaveCount(0);
  });

  test("a cancelled event stays on the home as 'Annullato', with the refund note and no booking buttons", async ({ page }) => {
    await adminSession(page.request);
    const title = unique("Partita annullata");
    await cancelledEventOnHome(page, title, (t) => createEventViaApi(page.request, { title: t }));
    await withoutLivePopups(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    const response = await page.goto("/");
    // Painted by the Worker (decision 017), and hydrated without a mismatch.
    expect(await response!.text()).toContain("Evento annullato: le prenotazioni pagate sono state rimborsate.");
    const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card.getByText("Annullato", { exact: true })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
    // The hero counts only events on sale.
    const listed = (await (await page.request.get("/api/events")).json()) as { cancelled: boolean }[];
    const stats = await (await page.request.get("/api/stats")).json();
    expect(stats.activeEvents).toBe(listed.filter((e) => !e.cancelled).length);
    await expect(card.getByText("Evento annullato: le prenotazioni pagate sono state rimborsate.")).toBeVisible();
    await expect(card.getByText(/posti liber/)).toHaveCount(0);
    await card.getByRole("button", { name: title }).click();
    await expect(card).toHaveAttribute("data-expanded", "true");
    await expect(card.getByRole("button", { name: /TARIFFE DISPONIBILI|PREVENDITA/ })).toHaveCount(0);
  });
});

