import { readFile } from "node:fs/promises";
import { expect, test } from "./visitor-test";
import { adminSession, buyPaidBooking, createEventViaApi, unique } from "./admin-helpers";

test.use({ viewport: { width: 1366, height: 1000 } });

test("free a paid booking: it becomes 'Liberato' and the spot returns to the public counters", async ({ page }) => {
  await adminSession(page.request);
  const title = unique("Partita da liberare");
  const customer = unique("Carla Esposito");
  const event = await createEventViaApi(page.request, { title, totalSpots: 5 });
  await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: customer, plate: "NA123ZZ" });

  await page.goto("/");
  const card = page.getByTestId("event-card").filter({ hasText: title });
  await expect(card).toContainText("4 posti liberi");

  await page.goto("/admin?tab=prenotazioni");
  await page.getByLabel("Evento").selectOption({ label: title });
  const row = page.getByTestId("booking-row").filter({ hasText: customer });
  await expect(page.getByTestId("booking-row")).toHaveCount(1);
  await expect(row).toContainText("test.admin@example.it");
  await expect(row).toContainText("Posto auto");
  await expect(row).toContainText("NA123ZZ");
  await expect(row).toContainText("€ 12,50");
  await expect(row).toContainText("Opzionato");

  await row.getByRole("button", { name: "Libera Parcheggio" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Liberare il parcheggio?" });
  await expect(confirm).toContainText(customer);
  await confirm.getByRole("button", { name: "Libera Parcheggio" }).click();
  await expect(page.getByText("Parcheggio liberato")).toBeVisible();
  await expect(row).toContainText("Liberato");
  await expect(row.getByRole("button", { name: "Libera Parcheggio" })).toHaveCount(0);

  // The status filter finds it among the freed ones, and not among the paid ones.
  await page.getByLabel("Stato").selectOption({ label: "Liberato" });
  await expect(page.getByTestId("booking-row").filter({ hasText: customer })).toHaveCount(1);
  await page.getByLabel("Stato").selectOption({ label: "Opzionato" });
  await expect(page.getByText("Nessuna prenotazione trovata")).toBeVisible();

  await page.goto("/");
  await expect(page.getByTestId("event-card").filter({ hasText: title })).toContainText("5 posti liberi");
  const publicEvent = ((await (await page.request.get("/api/events")).json()) as { title: string; availableSpots: number }[]).find((e) => e.title === title)!;
  expect(publicEvent.availableSpots).toBe(5);
});

test("payments: real summary figures, a working date filter and a CSV export with the paid rows", async ({ page }) => {
  await adminSession(page.request);
  const title = unique("Concerto pagato");
  const customer = `${unique("Rossi")}; "Gigi"`;
  const event = await createEventViaApi(page.request, { title, totalSpots: 10 });
  const bookingId = await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: customer, plate: "CS987YY" });
  const stats = page.getByTestId("payment-stat");
  // Other specs pay meanwhile (two workers): the summary and the page are compared when read together.
  let summary: { today: { amount: string; count: number }; thisMonth: { amount: string }; changeVsYesterdayPct: number | null; changeVsLastMonthPct: number | null } = null!;
  await expect(async () => {
    summary = await (await page.request.get("/api/admin/payments/summary")).json();
    await page.goto("/admin?tab=pagamenti");
    await expect(stats).toHaveCount(3);
    await expect(stats.nth(0)).toContainText(`€ ${summary.today.amount.replace(".", ",")}`, { timeout: 3_000 });
    await expect(stats.nth(1)).toContainText(`€ ${summary.thisMonth.amount.replace(".", ",")}`, { timeout: 3_000 });
    await expect(stats.nth(2)).toContainText(String(summary.today.count), { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  const pct = (n: number) => `${Math.round(n) > 0 ? "+" : ""}${Math.round(n)}%`;
  await expect(stats.nth(0)).toContainText(
    summary.changeVsYesterdayPct === null ? "Nessun incasso ieri da confrontare" : `${pct(summary.changeVsYesterdayPct)} rispetto a ieri`,
  );
  await expect(stats.nth(1)).toContainText(
    summary.changeVsLastMonthPct === null ? "Nessun incasso il mese scorso da confrontare" : `${pct(summary.changeVsLastMonthPct)} rispetto al mese scorso`,
  );
  // The spec's hard-coded placeholder figure is never shown.
  await expect(page.getByText("€12,450.00")).toHaveCount(0);

  const row = page.getByTestId("payment-row").filter({ hasText: customer });
  await expect(row).toContainText(title);
  await expect(row).toContainText("€ 12,50");

  // A range with no payments empties the table; the export link follows the filter.
  await page.getByLabel("Dal", { exact: true }).fill("2020-01-01");
  await page.getByLabel("Al", { exact: true }).fill("2020-01-31");
  await expect(page.getByText("Nessun pagamento nel periodo selezionato")).toBeVisible();
  await expect(page.getByRole("link", { name: "Esporta CSV" })).toHaveAttribute("href", "/api/admin/payments.csv?from=2020-01-01&to=2020-01-31");

  // The payment's own Rome day, from the server: the runner's clock may already be past midnight.
  const payments = (await (await page.request.get("/api/admin/payments")).json()) as { id: string; paidAt: string }[];
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date(payments.find((p) => p.id === bookingId)!.paidAt));
  // Other specs pay today too (two workers): the table and its file are read again until they agree,
  // on a page loaded afresh each time (the tab's reads never go stale: spec §9).
  await expect(async () => {
    await page.goto("/admin?tab=pagamenti");
    await page.getByLabel("Dal", { exact: true }).fill("2020-01-01");
    await page.getByLabel("Al", { exact: true }).fill("2020-01-31");
    await expect(page.getByText("Nessun pagamento nel periodo selezionato")).toBeVisible();
    await page.getByLabel("Al", { exact: true }).fill(today);
    await page.getByLabel("Dal", { exact: true }).fill(today);
    await expect(row).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Esporta CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Data pagamento;Cliente;Email;Targa;Evento;Tariffa;Tipo;Importo (€);Stato;ID pagamento;Rimborsato (€);Netto (€);Rimborsi;Codice sconto;Sconto (€)");
    const mine = lines.find((l) => l.includes(`"${customer.replaceAll('"', '""')}"`))!;
    expect(mine).toContain(";CS987YY;");
    expect(mine).toContain(";12,50;");
    expect(mine).toContain(title);
    // Every row in the file is one of today's payments the tab counts (it shows them 50 at a time).
    await expect(page.getByTestId("payments-total")).toContainText(new RegExp(`(^| )${lines.length - 1} pagament[oi] ·`), { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
});
