import { expect, test } from "@playwright/test";
import { loginAsAdmin } from "./admin-helpers";
import { bookingCodeOf, createBooking, eventByTitle, payBooking } from "./public-helpers";

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
});
