import { expect, test, type Response } from "./visitor-test";
import { adminSession, createEventViaApi, expectNoSidewaysOverflow, loginAsAdmin, romeDay, seasonOfTwoMatchesTonight, unique } from "./admin-helpers";

const HOUR = 3_600_000;

test("a season pass bought in the browser is paid at checkout, lists both matches and opens the gate at each, once", async ({ page }) => {
  const title = unique("Partita stagione");
  const season = await seasonOfTwoMatchesTonight(page.request, title);
  const { first, second } = season;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/abbonamenti/${season.id}`);
  await expect(page.getByRole("heading", { name: `Abbonamento ${title}` })).toBeVisible();
  await expect(page.getByText("2 partite")).toBeVisible();
  await page.getByLabel("Nome e cognome").fill("Gennaro Esposito");
  await page.getByLabel("E-mail").fill(`stagione-${Date.now()}@example.it`);
  await page.getByLabel("Targa").fill("SE123AB");
  await page.getByLabel("Modello auto").fill("Fiat Panda");
  await page.screenshot({ path: "test-results/season-buy-390.png", fullPage: true });
  await page.getByRole("button", { name: "Acquista abbonamento" }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  const bookingId = new URL(page.url()).searchParams.get("bookingId")!;
  await page.getByLabel("Numero carta").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Paga € 120,00" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento Completato" })).toBeVisible();

  const booking = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as { passSecret: string };
  expect(booking.passSecret).toBeTruthy();
  // The pass page asks the pass endpoint, which names a season secret, then the season's: nothing answers 4xx.
  const refused: string[] = [];
  const onResponse = (res: Response) => void (res.status() >= 400 && refused.push(`${res.status()} ${res.url()}`));
  page.on("response", onResponse);
  await page.goto(`/p/${booking.passSecret}`);
  const pass = page.getByTestId("season-pass");
  await expect(pass).toContainText(`Abbonamento ${title}`);
  await expect(pass.getByTestId("season-match")).toHaveCount(2);
  page.off("response", onResponse);
  expect(refused).toEqual([]);
  await expect(pass.getByTestId("season-match").filter({ hasText: "Posto riservato" })).toHaveCount(2);
  await expectNoSidewaysOverflow(page);
  await page.screenshot({ path: "test-results/season-pass-390.png", fullPage: true });

  const url = `${new URL(page.url()).origin}/p/${booking.passSecret}`;
  const scan = async (eventId: number) =>
    ((await (await page.request.post("/api/gate/scan", { data: { eventId, scan: url, direction: "in" } })).json()) as { result: string }).result;
  expect(await scan(first.id)).toBe("ok");
  expect(await scan(second.id)).toBe("ok");
  await page.reload();
  await expect(pass.getByTestId("season-match").filter({ hasText: "Entrato" })).toHaveCount(2);
});

test("a voucher typed in the booking dialog is applied by the server", async ({ page }) => {
  await adminSession(page.request);
  const title = unique("Evento sconto");
  const event = await createEventViaApi(page.request, { title, datetime: new Date(Date.now() + 48 * HOUR).toISOString(), rates: [{ name: "Posto auto", price: "20.00" }] });
  // No code typed: the server generates one nobody can guess.
  const voucher = await page.request.post("/api/admin/vouchers", { data: { kind: "percent", value: 25, maxUses: 5, expires: romeDay(10), eventIds: [event.id] } });
  expect(voucher.status(), await voucher.text()).toBe(201);
  const { code } = (await voucher.json()) as { code: string };

  const res = await page.request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { eventId: event.id, rateId: event.rates[0].id, customerName: "Ciro Russo", customerEmail: `sconto-${Date.now()}@example.it`, licensePlate: "SC123ON", carModel: "Fiat 500", voucherCode: code.toLowerCase() },
  });
  expect(res.status(), await res.text()).toBe(201);
  const booking = (await res.json()) as { id: string; amount: string };
  expect(booking.amount).toBe("15.00");
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await page.getByLabel("Numero carta").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Paga € 15,00" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento Completato" })).toBeVisible();
  const csv = await (await page.request.get("/api/admin/payments.csv")).text();
  expect(csv).toContain(code);
});

test("the admin's seasons and vouchers read as cards at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAsAdmin(page, "/admin/abbonamenti");
  await expect(page.getByRole("heading", { name: "Abbonamenti e codici sconto" })).toBeVisible();
  await expect(page.getByTestId("admin-season").filter({ hasText: "Abbonamento Napoli 2026/27" })).toBeVisible();
  await expect(page.getByTestId("admin-voucher").filter({ hasText: "AMCZ7K9Q" })).toBeVisible();
  // The page's own content (the admin bar's links already scroll sideways at 360 px on every admin page).
  await expectNoSidewaysOverflow(page, "main");
  await page.screenshot({ path: "test-results/admin-seasons-360.png", fullPage: true });
});
