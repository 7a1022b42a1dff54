import { expect, test } from "./visitor-test";
import { adminSession, buyPaidBooking, createEventViaApi, loginAsAdmin, unique } from "./admin-helpers";

test.use({ viewport: { width: 1366, height: 1000 } });

type AdminEvent = { id: number; title: string; datetime: string | null; availableSpots: number; totalSpots: number };

function romeDay(iso: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date(iso));
}

test("the calendar shows the seeded events on their Rome days, and a day opens its events and bookings", async ({ page }) => {
  await loginAsAdmin(page, "/admin");
  await page.getByRole("link", { name: "Calendario", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/calendario$/);
  const grid = page.getByRole("grid");
  await expect(grid.getByRole("gridcell")).toHaveCount(42);
  await expect(grid.getByRole("columnheader")).toHaveText(["dom", "lun", "mar", "mer", "gio", "ven", "sab"]);

  const events: AdminEvent[] = await (await page.request.get("/api/admin/events")).json();
  const champions = events.find((e) => e.title.startsWith("Champions League"))!;
  const day = romeDay(champions.datetime!);
  // Seeded 5 days ahead: this month's grid or the next one.
  if (!(await grid.locator(`[data-date="${day}"]`).count())) await page.getByRole("button", { name: "Successivo" }).click();
  const cell = page.getByRole("grid").locator(`[data-date="${day}"]`);
  await expect(cell).toContainText(champions.title);
  await expect(page.getByText("Edenlandia – Parcheggio giornaliero")).toBeVisible(); // always-active list

  await cell.getByRole("button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(champions.title);
  await expect(dialog).toContainText(`${champions.availableSpots}/${champions.totalSpots} posti liberi`);
  // The seed's two paid Champions bookings come on the match day.
  await expect(dialog).toContainText("Marco Russo");
  await expect(dialog).toContainText("GB456DE");
  await expect(dialog.getByText("Pagato").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Chiudi" }).click();

  // Week view: seven days from Sunday, with the event's time.
  await page.getByRole("button", { name: "Settimana" }).click();
  await expect(page).toHaveURL(/vista=settimana/);
  await page.goto(`/admin/calendario?vista=settimana&giorno=${day}`);
  const cells = page.getByRole("grid").getByRole("gridcell");
  await expect(cells).toHaveCount(7);
  const firstDay = await cells.first().getAttribute("data-date");
  expect(new Date(`${firstDay}T12:00:00Z`).getUTCDay()).toBe(0);
  const time = new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", hour: "2-digit", minute: "2-digit" }).format(new Date(champions.datetime!));
  await expect(page.getByRole("grid").locator(`[data-date="${day}"]`)).toContainText(time);
});

test("a busy day shows two events then '+N altri'", async ({ page }) => {
  await adminSession(page.request);
  const titles = [unique("Giorno pieno 1"), unique("Giorno pieno 2"), unique("Giorno pieno 3"), unique("Giorno pieno 4")];
  for (const [i, title] of titles.entries()) await createEventViaApi(page.request, { title, datetime: `2031-03-15T1${i}:00` });
  const pending = await createEventViaApi(page.request, { title: unique("Giorno pieno prenotato"), datetime: "2031-03-15T20:00" });
  await buyPaidBooking(page.request, pending.id, pending.rates[0].id, { name: "Anna Ferri", plate: "ZZ111AA" });
  await page.goto("/admin/calendario?vista=mese&giorno=2031-03-01");
  const cell = page.getByRole("grid").locator('[data-date="2031-03-15"]');
  await expect(cell).toContainText(titles[0]);
  await expect(cell).toContainText(titles[1]);
  await expect(cell).not.toContainText(titles[2]);
  await expect(cell).toContainText("+3 altri");
  await expect(cell).toContainText("1 prenotazione");
  await cell.getByRole("button").click();
  const dialog = page.getByRole("dialog", { name: "sabato 15 marzo 2031" });
  for (const title of titles) await expect(dialog).toContainText(title);
  await expect(dialog).toContainText("Anna Ferri");
  await expect(dialog).toContainText("ZZ111AA");
});
