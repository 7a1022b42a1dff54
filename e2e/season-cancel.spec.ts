import { expect, test } from "./visitor-test";
import { adminSession, createEventViaApi, expectNoSidewaysOverflow, unique } from "./admin-helpers";
import { payBooking, publicEvents } from "./public-helpers";

const HOUR = 3_600_000;
/** A Rome calendar day, `days` from today: what the admin's season form sends. */
const romeDay = (days: number) => new Date(Date.now() + days * 24 * HOUR).toLocaleDateString("en-CA", { timeZone: "Europe/Rome" });

// Staff on a phone, by touch (issue #40): "Annulla evento" on one match of a season.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

test("'Annulla evento' on a season match shows what the holders get back before confirming; the holder's pass still opens the next match", async ({ page }) => {
  test.setTimeout(120_000);
  await adminSession(page.request);
  // Its own two matches tonight (both on the gate's list) and its own season, refunding a cancelled match's share.
  const title = unique("Partita annullata");
  const first = await createEventViaApi(page.request, { title: `${title} A`, datetime: new Date(Date.now() + 2 * HOUR).toISOString(), totalSpots: 10 });
  const second = await createEventViaApi(page.request, { title: `${title} B`, datetime: new Date(Date.now() + 3 * HOUR).toISOString(), totalSpots: 10 });
  const seasonName = `Abbonamento ${title}`;
  const created = await page.request.post("/api/admin/seasons", {
    data: { name: seasonName, eventIds: [first.id, second.id], from: romeDay(-1), to: romeDay(2), price: 120, spots: 5, cancelRefund: "share" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const season = (await created.json()) as { id: number };

  // A fan buys it and pays 120,00 €: each match's share is 60,00 €.
  const bought = await page.request.post(`/api/seasons/${season.id}/holders`, {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { customerName: "Ciro Russo", customerEmail: `annullata-${Date.now()}@example.it`, licensePlate: "AN123NA", carModel: "Fiat Tipo" },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { bookingId } = (await bought.json()) as { bookingId: string };
  await payBooking(page.request, bookingId);
  const { passSecret } = (await (await page.request.get(`/api/bookings/${bookingId}`)).json()) as { passSecret: string };

  // Staff open "Annulla evento" on the first match: the holder's outcome is there before anything is confirmed.
  await page.goto("/admin?tab=eventi");
  const row = page.getByTestId("event-row").filter({ hasText: `${title} A` });
  await row.getByRole("button", { name: `Annulla evento ${title} A` }).tap();
  const dialog = page.getByRole("dialog", { name: `Annulla evento: ${title} A` });
  const outcome = dialog.getByTestId("season-outcome");
  await expect(outcome).toContainText(`${seasonName}: 1 abbonato.`);
  await expect(outcome).toContainText("Ricevono la quota della partita: € 60,00 in tutto. L'abbonamento resta valido per le altre partite.");
  await expect(outcome).toContainText("Ogni abbonato riceve un'e-mail che lo spiega.");
  await expectNoSidewaysOverflow(page, '[role="dialog"]');
  await page.screenshot({ path: "test-results/season-cancel-dialog-390.png" });
  // Nothing happened yet: the match is still on sale.
  expect((await publicEvents(page.request)).find((e) => e.id === first.id)).toMatchObject({ cancelled: false });

  await dialog.getByRole("button", { name: "Annulla l'evento e avvia i rimborsi" }).tap();
  await expect(dialog.getByTestId("cancel-progress")).toContainText("Annullamento completato", { timeout: 20_000 });
  await page.screenshot({ path: "test-results/season-cancel-done-390.png" });
  await dialog.getByRole("button", { name: "Chiudi" }).last().tap();

  // What the dialog said came back: the match's share, once, on the season's payment.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/bookings/${bookingId}/refunds`)).json()) as { amount: string; source: string; status: string }[]).map((r) => [r.amount, r.source, r.status]))
    .toEqual([["60.00", "season_match", "succeeded"]]);

  // The holder: the pass is valid, the first match says cancelled, the second is still reserved.
  await page.goto(`/p/${passSecret}`);
  const pass = page.getByTestId("season-pass");
  await expect(pass).toContainText(seasonName);
  await expect(pass).toContainText("Pass valido");
  await expect(pass.getByTestId("season-match").filter({ hasText: `${title} A` })).toContainText("Partita annullata");
  await expect(pass.getByTestId("season-match").filter({ hasText: `${title} B` })).toContainText("Posto riservato");
  await expectNoSidewaysOverflow(page);
  await page.screenshot({ path: "test-results/season-cancel-pass-390.png", fullPage: true });

  // The gate: the pass opens the next match, not the cancelled one.
  const url = `${new URL(page.url()).origin}/p/${passSecret}`;
  const scan = async (eventId: number) =>
    ((await (await page.request.post("/api/gate/scan", { data: { eventId, scan: url, direction: "in" } })).json()) as { result: string }).result;
  expect(await scan(second.id)).toBe("ok");
  expect(await scan(first.id)).not.toBe("ok");
});
