import { expect, test, type Page } from "./visitor-test";
import { buyPaidBooking, eventWithPaidBooking, expectNoSidewaysOverflow, unique } from "./admin-helpers";
import { seriousViolations } from "./axe";
import { customerAddress } from "./public-helpers";

// Server pages of payments, the audit log and the waiting lists (docs/decisions/063-server-pages.md):
// each found through its filters, the URL shared, axe on each screen, at 1280 and 360 px.

/** The page's URL opened afresh (as a colleague would from a link) shows the same rows. */
async function reopen(page: Page) {
  const shared = page.url();
  await page.goto("/admin?tab=eventi");
  await page.goto(shared);
}

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a payment by its booking code, an audit entry by the booking, a waiting-list row by plate; each view shared by its URL", async ({ page }) => {
      const { event, id, code, title } = await eventWithPaidBooking(page.request, { title: "Pagine server", customer: "Paola Pagine" }, "NA111PG", 1);
      const freed = await page.request.put(`/api/admin/bookings/${id}/free`);
      expect(freed.status(), await freed.text()).toBe(200);
      await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: unique("Secondo"), plate: "NA222PG" });
      const plate = `PG${String(Date.now()).slice(-5)}`;
      const joined = await page.request.post("/api/waitlist", {
        headers: { "Idempotency-Key": crypto.randomUUID(), ...customerAddress() },
        data: { eventId: event.id, rateId: event.rates[0].id, email: `${plate.toLowerCase()}@example.it`, licensePlate: plate, lang: "it" },
      });
      expect(joined.status(), await joined.text()).toBe(201);

      // Pagamenti: the code finds the one payment; its event filter joins the URL.
      await page.goto("/admin?tab=pagamenti");
      await page.getByLabel("Trova un pagamento").fill(code.toLowerCase());
      await page.getByLabel("Trova un pagamento").press("Enter");
      await expect(page).toHaveURL(new RegExp(`[?&]q=${code.toLowerCase()}`));
      await expect(page.getByTestId("payment-row")).toHaveCount(1);
      await expect(page.getByTestId("payment-row").first().getByTestId("payment-code")).toHaveText(code);
      await expect(page.getByTestId("payments-total")).toContainText("1 pagamento ·");
      await expectNoSidewaysOverflow(page, "[role=tabpanel]");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/payments-page-${width}.png`, fullPage: width > 400 });
      await reopen(page);
      await expect(page.getByTestId("payment-row")).toHaveCount(1);
      await expect(page.getByLabel("Trova un pagamento")).toHaveValue(code.toLowerCase());

      // Registro: the booking's code finds its "Libera Parcheggio", by who did it.
      await page.goto("/admin?tab=registro");
      await expect(page.getByTestId("audit-row").first()).toBeVisible();
      await page.getByRole("searchbox", { name: "Prenotazione o elemento" }).fill(code);
      await page.getByRole("searchbox", { name: "Prenotazione o elemento" }).press("Enter");
      // The next filter merges with the URL as it is: wait for the code to be in it (else the choice below replaced it).
      await expect(page).toHaveURL(new RegExp(`[?&]entity=${code}(&|$)`, "i"));
      await page.getByLabel("Riguarda").selectOption({ label: "Prenotazioni" });
      await expect(page).toHaveURL(/[?&]action=booking(&|$)/);
      await expect(page.getByTestId("audit-row")).toHaveCount(1);
      await expect(page.getByTestId("audit-row").first()).toContainText("booking.free");
      await expect(page.getByTestId("audit-row").first().getByTestId("audit-booking-code")).toHaveText(code);
      await expectNoSidewaysOverflow(page, "[role=tabpanel]");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/audit-page-${width}.png`, fullPage: width > 400 });
      await reopen(page);
      await expect(page.getByTestId("audit-row")).toHaveCount(1);

      // Lista d'attesa: the plate finds the entry, still in line, first of its event's line.
      await page.goto("/admin?tab=lista-attesa");
      await page.getByRole("searchbox", { name: "Trova un'iscrizione" }).fill(plate.toLowerCase());
      await page.getByRole("searchbox", { name: "Trova un'iscrizione" }).press("Enter");
      await page.getByLabel("Stato", { exact: true }).selectOption({ label: "Solo chi è ancora in lista" });
      await expect(page).toHaveURL(/[?&]inLine=1/);
      const row = page.getByTestId("waitlist-row");
      await expect(row).toHaveCount(1);
      await expect(row.first()).toContainText(title);
      await expect(row.first()).toContainText("In attesa");
      await expect(row.first()).toContainText("1°");
      await expectNoSidewaysOverflow(page, "[role=tabpanel]");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/waitlist-page-${width}.png`, fullPage: width > 400 });
      await reopen(page);
      await expect(page.getByTestId("waitlist-row")).toHaveCount(1);
    });
  });
}
