import { expect, test } from "./visitor-test";
import { buyPaidBooking, eventWithPaidBooking, expectNoSidewaysOverflow, unique } from "./admin-helpers";
import { seriousViolations } from "./axe";

for (const width of [1280, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("finds a booking by the code the customer reads out, in a view the URL can share", async ({ page }) => {
      const { event, code, title, customer } = await eventWithPaidBooking(page.request, { title: "Partita cercata", customer: "Rosa Cerca" }, "NA321CE");
      await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: unique("Altro Cliente"), plate: "NA654CE" });

      await page.goto("/admin?tab=prenotazioni");
      await expect(page.getByTestId("booking-row").first()).toBeVisible();
      // Read out over the phone: lower case, with a space, is the same code.
      await page.getByLabel("Trova una prenotazione").fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
      await page.getByLabel("Trova una prenotazione").press("Enter");
      await expect(page).toHaveURL(/[?&]q=/);
      const rows = page.getByTestId("booking-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(customer);
      await expect(rows.first().getByTestId("booking-code")).toHaveText(code);
      await expect(page.getByTestId("bookings-total")).toHaveText("1 prenotazione");
      await expectNoSidewaysOverflow(page, "[role=tabpanel]");
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/bookings-search-${width}.png`, fullPage: width > 400 });

      // The URL is the view: a colleague opening it sees the same booking, with the filters set.
      const shared = page.url();
      await page.goto("/admin?tab=eventi");
      await page.goto(shared);
      await expect(page.getByTestId("booking-row")).toHaveCount(1);
      await expect(page.getByTestId("booking-row").first()).toContainText(customer);

      // The event filter joins the URL and shows both of its bookings, newest first.
      await page.getByRole("button", { name: "Azzera filtri" }).click();
      await page.getByLabel("Evento").selectOption({ label: title });
      await expect(page).toHaveURL(new RegExp(`[?&]event=${event.id}(&|$)`));
      await expect(page.getByTestId("booking-row")).toHaveCount(2);
      await expect(page.getByTestId("bookings-total")).toHaveText("2 prenotazioni");
      await expect(page.getByTestId("booking-row").nth(1)).toContainText(customer);
    });
  });
}
