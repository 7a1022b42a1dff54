import { expect, test, type Locator } from "./visitor-test";
import { adminSession, buyPaidBooking, createEventViaApi, unique } from "./admin-helpers";
import { bookingCodeOf, bookingStatus, createBooking, customerAddress, eventByTitle, expandCard, payBooking, transitionsDone, withLiveConfig, withoutLivePopups } from "./public-helpers";
import { seriousViolations } from "./axe";

const CHAMPIONS = "Champions League: Napoli – Real Madrid";
const PINGUINI = "Pinguini Tattici Nucleari – Stadio Maradona";
const NAPOLI_INTER = "Napoli – Inter, Serie A";

/** Types into the presale dialog's fields, found by their visible labels. */
async function fillPresale(dialog: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
}


test("browse, filter, expand, pick a rate, book, pay with 4242… and land home with a paid booking", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Il tuo posto auto per ogni grande evento" })).toBeVisible();

  await page.getByRole("button", { name: "Calcio", exact: true }).click();
  await expect(page.getByRole("button", { name: "Calcio", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: CHAMPIONS })).toBeVisible();
  await expect(page.getByRole("heading", { name: PINGUINI })).toHaveCount(0);

  // Napoli – Inter: the admin calendar spec counts the seed's Champions bookings.
  const card = await expandCard(page, NAPOLI_INTER);
  await expect(card).toHaveCSS("height", "760px");
  await expect(card.getByText("Liberi")).toBeVisible();
  await card.getByRole("button", { name: "TARIFFE DISPONIBILI (2)" }).click();
  await expect(card.getByText("Seleziona una tariffa per prenotare")).toBeVisible();
  await card.getByRole("button", { name: /Posto auto.*€ 18,00/ }).click();

  const dialog = page.getByRole("dialog", { name: "Prenota il parcheggio" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Prenota e paga € 18,00" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Tutti i campi sono obbligatori");

  await dialog.getByLabel("Nome e cognome").fill("Gennaro Esposito");
  await dialog.getByLabel("E-mail").fill("gennaro.esposito@example.it");
  await dialog.getByLabel("Targa").fill("fb 123 cd");
  await dialog.getByLabel("Modello auto").fill("Alfa Romeo Giulietta");
  await dialog.getByRole("button", { name: "Prenota e paga € 18,00" }).click();

  await expect(page).toHaveURL(/\/checkout\?bookingId=[0-9a-f-]+&amount=18\.00$/);
  const bookingId = new URL(page.url()).searchParams.get("bookingId")!;
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();
  await expect(page.getByText("Completa la prenotazione del tuo parcheggio")).toBeVisible();
  const summary = page.getByRole("region", { name: "Riepilogo Prenotazione" });
  await expect(summary.getByText(NAPOLI_INTER)).toBeVisible();
  await expect(summary.getByText("Gennaro Esposito")).toBeVisible();
  await expect(summary.getByText("FB123CD")).toBeVisible();
  await expect(page.getByText("Modalità demo — nessun addebito reale")).toBeVisible();
  await expect(page.getByRole("timer")).toContainText(/1[45]:\d\d/);

  await page.getByLabel("Numero carta").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Paga € 18,00" }).click();
  await expect(page.getByRole("heading", { name: "Pagamento Completato" })).toBeVisible();
  await expect(page.getByText("Il tuo parcheggio è stato prenotato con successo!")).toBeVisible();
  await expect(page.getByText(bookingCodeOf(bookingId), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

  expect(await bookingStatus(page.request, bookingId)).toBe("paid");
});

test("the declined card 4000 0000 0000 0002 shows 'Pagamento Fallito' and leaves the booking unpaid", async ({ page, request }) => {
  const event = await eventByTitle(request, "Edenlandia");
  const booking = await createBooking(request, event.id, event.rates[0].id);
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await page.getByLabel("Numero carta").fill("4000 0000 0000 0002");
  await page.getByRole("button", { name: `Paga € ${booking.amount.replace(".", ",")}` }).click();
  const failure = page.getByRole("alert").filter({ hasText: "Pagamento Fallito" });
  await expect(failure.first()).toContainText("La tua carta è stata rifiutata.");
  // Said once, beside the card fields: no toast repeating it.
  await expect(page.getByText("La tua carta è stata rifiutata.")).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Paga € ${booking.amount.replace(".", ",")}` })).toBeEnabled();
  expect(await bookingStatus(request, booking.id)).toBe("pending");
});

test("a sold-out event says so and cannot be booked", async ({ page }) => {
  await adminSession(page.request);
  const title = unique("Concerto esaurito");
  const sold = await createEventViaApi(page.request, { title, totalSpots: 1 });
  await buyPaidBooking(page.request, sold.id, sold.rates[0].id, { name: "Ultimo Posto", plate: "ZZ999ZZ" });

  await page.goto("/");
  const card = page.getByTestId("event-card").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByText("Posti esauriti").first()).toBeVisible();
  await expandCard(page, title);
  await expect(card.getByRole("button", { name: /TARIFFE DISPONIBILI/ })).toHaveCount(0);
  await expect(card.getByText("Non ci sono più posti liberi per questo evento.").first()).toBeVisible();

  const refused = await page.request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { eventId: sold.id, rateId: sold.rates[0].id, customerName: "Tardi", customerEmail: "tardi@example.it", licensePlate: "AA111AA", carModel: "Panda" },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.message).toBe("Posti esauriti");
});

test("presale: bought end to end in the modal, paid on the server", async ({ page }) => {
  await page.goto("/");
  const card = await expandCard(page, PINGUINI);
  await card.getByRole("button", { name: /PREVENDITA.*€ 12,00/ }).click();
  const dialog = page.getByRole("dialog", { name: "Prevendita parcheggio concerto" });
  await expect(dialog.getByText("Modalità demo — nessun addebito reale")).toBeVisible();

  await dialog.getByRole("button", { name: "Acquista prevendita € 12,00" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Nome, cognome, email, targa e modello auto sono obbligatori");

  await fillPresale(dialog, {
    Nome: "Teresa",
    Cognome: "Ferraro",
    "E-mail": "teresa.ferraro@example.it",
    Targa: "GH456JK",
    "Modello auto": "Jeep Renegade",
    "Note (facoltative)": "Arrivo con due bambini",
    "Numero carta": "4242424242424242",
  });
  await dialog.getByRole("button", { name: "Acquista prevendita € 12,00" }).click();

  await expect(page.getByText("Prevendita acquistata con successo!").first()).toBeVisible();
  const code = (await dialog.locator("p.font-mono").textContent())!.trim();
  expect(code).toMatch(/^[0-9A-F]{8}$/);

  const lookup = await page.request.post("/api/my-bookings/lookup", { data: { email: "teresa.ferraro@example.it", code } });
  expect(lookup.status()).toBe(200);
  const [presale] = (await lookup.json()).bookings;
  expect(presale).toMatchObject({ kind: "prevendita", status: "paid", amount: "12.00", licensePlate: "GH456JK" });
});

test("checkout without its parameters says so and goes home", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page.getByText("Parametri di pagamento mancanti")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("coming back from the card provider (/?payment=success) confirms and tidies the address", async ({ page }) => {
  await page.goto("/?payment=success");
  await expect(page.locator("[data-rht-toaster]")).toContainText("Pagamento Completato");
  await expect(page).toHaveURL(/\/$/);
});

test("checkout of an unknown booking cannot start and goes home", async ({ page }) => {
  await page.goto(`/checkout?bookingId=${crypto.randomUUID()}&amount=15.00`);
  await expect(page.getByText("Impossibile inizializzare il pagamento")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a booking refused by the server says so once, in the dialog, and stays on the page", async ({ page }) => {
  await adminSession(page.request);
  const title = unique("Ultimo posto");
  const event = await createEventViaApi(page.request, { title, totalSpots: 1 });
  await page.goto("/");
  const card = await expandCard(page, title);
  await card.getByRole("button", { name: "TARIFFE DISPONIBILI (1)" }).click();
  await card.getByRole("button", { name: /Posto auto/ }).click();
  const dialog = page.getByRole("dialog", { name: "Prenota il parcheggio" });
  await dialog.getByLabel("Nome e cognome").fill("Arrivato Tardi");
  await dialog.getByLabel("E-mail").fill("tardi@example.it");
  await dialog.getByLabel("Targa").fill("AB123CD");
  await dialog.getByLabel("Modello auto").fill("Panda");
  // Someone else takes the last spot while the form is open.
  await buyPaidBooking(page.request, event.id, event.rates[0].id, { name: "Più Veloce", plate: "CD456EF" });
  await dialog.getByRole("button", { name: /Prenota e paga/ }).click();
  await expect(dialog.getByRole("alert")).toContainText("Posti esauriti");
  // The same dialog offers the waiting list, with the e-mail and plate already typed.
  await expect(dialog.getByRole("textbox", { name: "E-mail" })).toHaveValue("tardi@example.it");
  await expect(dialog.getByRole("button", { name: "Iscriviti alla lista" })).toBeVisible();
  // Said once (issue #48): no toast repeats it outside the dialog.
  await expect(page.locator("[data-rht-toaster]").getByText("Posti esauriti")).toHaveCount(0);
  expect(await seriousViolations(page), "booking dialog with its refusal").toEqual([]);
  await expect(page).toHaveURL(/\/(#eventi)?$/);
});

test("presale: a failed payment preparation says so and offers to close", async ({ page }) => {
  await page.route("**/api/create-payment-intent", (route) => route.fulfill({ status: 500, json: { error: { code: "internal", message: "Errore interno" } } }));
  await page.goto("/");
  const card = await expandCard(page, PINGUINI);
  await card.getByRole("button", { name: /PREVENDITA/ }).click();
  const dialog = page.getByRole("dialog", { name: "Prevendita parcheggio concerto" });
  await expect(dialog.getByText("Errore durante la preparazione del pagamento.")).toBeVisible();
  await dialog.getByRole("button", { name: "Chiudi" }).last().click();
  await expect(dialog).toBeHidden();
});

test("the mobile side menu at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Le Mie Prenotazioni" })).toBeHidden();
  await page.getByRole("button", { name: "Apri il menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  for (const name of ["Eventi", "Le Mie Prenotazioni", "Contatti", "Admin"]) await expect(menu.getByRole("link", { name })).toBeVisible();
  await expect(menu.getByRole("link", { name: /Chiama/ })).toHaveAttribute("href", /^tel:/);
  await menu.getByRole("link", { name: "Le Mie Prenotazioni" }).click();
  await expect(page).toHaveURL(/\/le-mie-prenotazioni$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { name: "Le Mie Prenotazioni" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("nothing overflows sideways at 360 px: home, an open card, checkout", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto("/");
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  await noOverflow();
  await expandCard(page, CHAMPIONS);
  await noOverflow();
  const event = await eventByTitle(request, "Elodie");
  const booking = await createBooking(request, event.id, event.rates[0].id);
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await expect(page.getByRole("button", { name: /^Paga €/ })).toBeVisible();
  await noOverflow();
});

test("'Le Mie Prenotazioni' finds a paid booking by e-mail and code and shows its QR pass", async ({ page, request }) => {
  const event = await eventByTitle(request, "Elodie");
  const email = `${unique("cliente").replace(/\s+/g, ".")}@example.it`;
  const booking = await createBooking(request, event.id, event.rates[0].id, { name: "Chiara Russo", email });
  await payBooking(request, booking.id);
  const code = bookingCodeOf(booking.id);

  await page.goto("/le-mie-prenotazioni");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Codice prenotazione").fill("00000000");
  await page.getByRole("button", { name: "Cerca prenotazioni" }).click();
  await expect(page.getByRole("alert")).toHaveText("Nessuna prenotazione trovata con questi dati");

  await page.getByLabel("Codice prenotazione").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Cerca prenotazioni" }).click();
  const pass = page.getByTestId("booking-pass");
  await expect(pass).toHaveCount(1);
  await expect(pass.getByText("Pagato")).toBeVisible();
  await expect(pass.getByText(event.title)).toBeVisible();
  await expect(pass.getByText("NA123AB")).toBeVisible();
  await expect(pass.getByRole("img", { name: `Codice QR della prenotazione ${code}` })).toBeVisible();
});

test("live popups announce a real recent booking under a pseudonym", async ({ page, request }) => {
  const event = await eventByTitle(request, "Passeggiata");
  const booking = await createBooking(request, event.id, event.rates[0].id, { name: "Nome Segreto", email: "segreto@example.it" });
  await payBooking(request, booking.id);
  // Its own event's bookings only: another worker's booking may be more recent than this one.
  await withLiveConfig(page, { isEnabled: true, frequency: 5000, targetEventId: event.id, isRandomEvents: false });
  // The page's clock runs on to the first popup (at most 3 s) and past its 4 s instead of waiting them out.
  await page.clock.install();
  const activityRead = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/live-activity");
  await page.goto("/");
  // The popups come with the app, at the visitor's first move (decision 043).
  await page.mouse.move(5, 5);
  await activityRead;
  const popup = page.getByTestId("live-popup");
  await expect(async () => {
    await page.clock.fastForward(1000);
    await expect(popup).toBeVisible({ timeout: 250 });
  }).toPass({ intervals: [0] });
  await expect(popup).toContainText("ha appena prenotato");
  await expect(popup).toContainText(event.title);
  await expect(popup).not.toContainText("Segreto");
  await page.clock.fastForward(4000);
  await expect(popup).toBeHidden();
});

test("no popups when live notifications are off", async ({ page }) => {
  // The home arrives with the configuration in it (and refetches it every 30 s): both say "off".
  await withoutLivePopups(page);
  let activityCalls = 0;
  await page.route("**/api/live-activity*", (route) => {
    activityCalls++;
    return route.continue();
  });
  // Every popup that ever enters the page is counted, however briefly it stays.
  await page.addInitScript(() => {
    const seen = () => {
      if (document.querySelector('[data-testid="live-popup"]')) document.documentElement.dataset.popupSeen = "1";
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  // A fake clock runs the page's timers far past the first popup's delay without waiting for them.
  await page.clock.install();
  await page.goto("/");
  // The app (and its popups) runs at the visitor's first move: fails vacuously no more.
  await page.mouse.move(5, 5);
  await expect(page.locator("#root")).toHaveAttribute("data-app", "on");
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  // 35 s of the page's time, a second at a time (each second's due timers fire; runFor would also
  // play every animation frame between): past the first popup's delay and the refetch at 30 s.
  const configAnswered = page.waitForResponse("**/api/live-notifications/config");
  for (let second = 0; second < 30; second++) await page.clock.fastForward(1000);
  await configAnswered;
  for (let second = 0; second < 5; second++) await page.clock.fastForward(1000);
  await expect(page.getByTestId("live-popup")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.popupSeen ?? null), "a popup appeared").toBeNull();
  expect(activityCalls).toBe(0);
});

test("an opening card's buttons are in place from its first frame, not sliding under a finger about to lift", async ({ page }) => {
  // A click is a press and a release: a button that moves between the two loses the click (CI saw
  // PREVENDITA and TARIFFE focused by the press, and nothing opened). Scrolling a button into view
  // also scrolled the card's overflow, which then slid back as the card grew.
  await page.goto("/");
  // Every frame from the first with the buttons until the card's opening is over (its height
  // transition done): a state, however few frames a busy machine paints meanwhile.
  const offsets = page.evaluate(
    () =>
      new Promise<{ height: number; offsets: string }[]>((resolve) => {
        const seen: { height: number; offsets: string }[] = [];
        const sample = () => {
          const card = document.querySelector<HTMLElement>('[data-testid="event-card"][data-expanded="true"]');
          const buttons = card ? [...card.querySelectorAll("button")].filter((b) => /PREVENDITA|TARIFFE/.test(b.textContent ?? "")) : [];
          if (card && buttons.length > 0) {
            // In view, as a finger (or Playwright's click) finds them.
            if (!seen.length) buttons[0].scrollIntoView({ block: "center" });
            const { top, height } = card.getBoundingClientRect();
            seen.push({ height, offsets: buttons.map((b) => `${b.textContent}: ${b.getBoundingClientRect().top - top}`).join(", ") });
            if (seen.length > 1 && card.getAnimations().length === 0) return resolve(seen);
          }
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      }),
  );
  await page.getByRole("button", { name: PINGUINI }).click();
  const seen = await offsets;
  // The first frame was inside the opening (the card still growing), the last at its end.
  expect(seen[0].height).toBeLessThan(seen.at(-1)!.height);
  expect(seen[0].offsets).toContain("PREVENDITA");
  expect(new Set(seen.map((s) => s.offsets))).toEqual(new Set([seen[0].offsets]));
});

test("keyboard: a card opens, its rates and the booking dialog are reachable with visible focus", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByRole("button", { name: CHAMPIONS });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const rates = page.getByRole("button", { name: "TARIFFE DISPONIBILI (3)" });
  await rates.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Seleziona una tariffa per prenotare")).toBeFocused();
  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  await expect(focused).toContainText("Posto auto");
  expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Prenota il parcheggio" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("axe: no serious or critical violation on home, the booking dialog and checkout", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const card = await expandCard(page, CHAMPIONS);
  await card.getByRole("button", { name: "TARIFFE DISPONIBILI (3)" }).click();
  await card.getByRole("button", { name: /Posto auto/ }).click();
  await expect(page.getByRole("dialog", { name: "Prenota il parcheggio" })).toBeVisible();
  await transitionsDone(page);
  expect(await seriousViolations(page)).toEqual([]);

  const event = await eventByTitle(request, "Napoli – Inter");
  const booking = await createBooking(request, event.id, event.rates[0].id);
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await expect(page.getByRole("button", { name: /^Paga €/ })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});

test("checkout counts the hold down and says clearly when it lapsed", async ({ page, request }) => {
  const event = await eventByTitle(request, "Edenlandia");
  const booking = await createBooking(request, event.id, event.rates[1].id);
  await page.clock.install({ time: new Date() });
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await expect(page.getByRole("timer")).toContainText(/1[45]:\d\d/);
  await page.clock.fastForward("16:00");
  await expect(page.getByText("Tempo scaduto")).toBeVisible();
  await expect(page.getByText(/Il tempo per completare il pagamento è scaduto/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Paga €/ })).toHaveCount(0);
});

test("Stripe.js is fetched only on checkout, and a failure to load it is shown clearly", async ({ page, request }) => {
  const stripeRequests: string[] = [];
  await page.route(/js\.stripe\.com/, (route) => {
    stripeRequests.push(route.request().url());
    return route.abort();
  });
  await page.goto("/");
  await expect(page.getByTestId("event-card").first()).toBeVisible();
  expect(stripeRequests).toEqual([]);

  // The server in these tests runs the demo provider: answer as a Stripe-configured one would.
  await page.route("**/api/create-payment-intent", (route) =>
    route.fulfill({ json: { clientSecret: "pi_x_secret_y", paymentIntentId: "pi_x", provider: "stripe", publishableKey: "pk_test_x", amount: "20.00" } }),
  );
  const event = await eventByTitle(request, "Napoli – Inter");
  const booking = await createBooking(request, event.id, event.rates[0].id);
  await page.goto(`/checkout?bookingId=${booking.id}&amount=${booking.amount}`);
  await expect(page.getByRole("alert")).toHaveText(/Impossibile caricare il modulo di pagamento di Stripe/);
  await expect(page.getByRole("button", { name: /^Paga €/ })).toBeDisabled();
  await expect(page.getByText("Il pagamento è elaborato in modo sicuro da Stripe", { exact: false })).toBeVisible();
  expect(stripeRequests.length).toBeGreaterThan(0);
});

test("presale: a declined card is reported in the modal, which stays open for another try", async ({ page }) => {
  // A customer of its own: the suite's other holds from 127.0.0.1 must not reach this one's cap.
  await page.setExtraHTTPHeaders(customerAddress());
  await page.goto("/");
  const card = await expandCard(page, "Elodie in concerto – Palapartenope");
  await card.getByRole("button", { name: /PREVENDITA.*€ 10,00/ }).click();
  const dialog = page.getByRole("dialog", { name: "Prevendita parcheggio Elodie" });
  await fillPresale(dialog, {
    Nome: "Rosa",
    Cognome: "Marino",
    "E-mail": "rosa.marino@example.it",
    Targa: "EF789GH",
    "Modello auto": "Kia Picanto",
    "Numero carta": "4000 0000 0000 0002",
  });
  await dialog.getByRole("button", { name: "Acquista prevendita € 10,00" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Errore Pagamento");
  await expect(dialog.getByRole("alert")).toContainText("La tua carta è stata rifiutata.");
  await expect(dialog.getByRole("button", { name: "Acquista prevendita € 10,00" })).toBeEnabled();
});
