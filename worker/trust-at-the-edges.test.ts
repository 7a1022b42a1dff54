// Issue #22: one test per finding of the attack run on main, each failing on the code before it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { clientKeyOf, hashedClientKey } from "./services/rate-limit";
import { accountLoginDelayMs, ACCOUNT_DELAY_MAX_MS, loginDelayMs } from "./services/admin-auth";
import { cleanText, headerText } from "./lib/text";
import { localise } from "./middleware/answer-language";
import { dispatchQueued, outboxBacklog, outboxInsert } from "./services/email/outbox";
import { sendOutboxRow, type Mailer } from "./services/email/consumer";
import { adminCookie, seedStaff, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "./test/admin";
import { api, seedBooking, seedEvent, testDb } from "./test/helpers";

const headers = (ip: string) => ({ header: (name: string) => (name === "CF-Connecting-IP" ? ip : undefined) });

const booking = (eventId: number, rateId: number, plate: string, email = `fan.${crypto.randomUUID().slice(0, 8)}@example.it`) => ({
  eventId,
  rateId,
  customerName: "Mario Rossi",
  customerEmail: email,
  licensePlate: plate,
  carModel: "Fiat Panda",
});
const plate = (i: number) => `AB${String(100 + i).padStart(3, "0")}CD`;

describe("1. per-client limits key IPv6 by its /64", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
  ])("%s is the client %s", (ip, key) => {
    expect(clientKeyOf(headers(ip))).toBe(key);
  });

  it("40 addresses of one /64 hold no more spots than one client may (4), on a 60-spot event", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 60 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api("/api/bookings", { method: "POST", json: booking(eventId, rateId, plate(i)), headers: { "CF-Connecting-IP": `2001:db8:beef:1::${(i + 1).toString(16)}` } }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(36);
  });

  it("40 addresses of one /64 get 5 password checks on one account, not 40", async () => {
    const manager = await seedStaff("manager");
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(
        await api("/api/admin/login", { method: "POST", json: { email: manager.email, password: "sbagliata-1" }, headers: { "CF-Connecting-IP": `2001:db8:beef:2::${(i + 1).toString(16)}` } }),
      );
    }
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(35);
  });

  it("a per-account throttle grows the wait from any address, and never locks the owner out", async () => {
    expect([0, 9, 10, 11, 12, 20, 200].map(loginDelayMs)).toEqual([0, 0, 100, 200, 400, ACCOUNT_DELAY_MAX_MS, ACCOUNT_DELAY_MAX_MS]);
    const manager = await seedStaff("manager");
    // 11 failures, each from a /64 of its own: no per-address limit sees more than one.
    for (let i = 0; i < 11; i++) {
      const res = await api("/api/admin/login", { method: "POST", json: { email: manager.email, password: "sbagliata-2" }, headers: { "CF-Connecting-IP": `2001:db8:${i + 1}:77::1` } });
      expect(res.status).toBe(401);
    }
    expect(await accountLoginDelayMs(testDb(), manager.email, Date.now())).toBe(200);
    const owner = await api("/api/admin/login", { method: "POST", json: { email: manager.email, password: manager.password }, headers: { "CF-Connecting-IP": "198.51.100.99" } });
    expect(owner.status).toBe(200);
    // A success ends the slowdown.
    expect(await accountLoginDelayMs(testDb(), manager.email, Date.now())).toBe(0);
  });
});

describe("2. one client cannot buy a whole event and hand it back", () => {
  it("refuses the 11th spot of one e-mail on an event, counting its own cancellations; another customer still books", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 60 });
    const email = "bagarino@example.it";
    for (let i = 0; i < 7; i++) await seedBooking({ eventId, rateId, status: "paid", customerEmail: email, licensePlate: plate(i) });
    for (let i = 7; i < 10; i++) await seedBooking({ eventId, rateId, status: "cancelled", customerEmail: email, licensePlate: plate(i) });
    const refused = await api("/api/bookings", { method: "POST", json: booking(eventId, rateId, plate(20), email) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: "booking_cap", message: "Hai già preso 10 posti per questo evento, il massimo per un cliente (contano anche quelli annullati)" },
    });
    expect((await api("/api/bookings", { method: "POST", json: booking(eventId, rateId, plate(21)) })).status).toBe(201);
  });

  it("counts by address too: other e-mails from the same client are refused once it took 10 spots", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 60 });
    const ip = "2001:db8:cafe:9::1";
    const clientKey = await hashedClientKey(clientKeyOf(headers(ip)));
    for (let i = 0; i < 10; i++) await seedBooking({ eventId, rateId, status: i < 5 ? "paid" : "cancelled", customerEmail: `altro${i}@example.it`, clientKey, licensePlate: plate(i) });
    const refused = await api("/api/bookings", { method: "POST", json: booking(eventId, rateId, plate(30)), headers: { "CF-Connecting-IP": "2001:db8:cafe:9::abcd" } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("booking_cap");
  });

  it("answers in English to an English visitor", async () => {
    const { eventId, rateId } = await seedEvent({ totalSpots: 60 });
    for (let i = 0; i < 10; i++) await seedBooking({ eventId, rateId, status: "paid", customerEmail: "fan@example.co.uk", licensePlate: plate(i) });
    const res = await api("/api/bookings", { method: "POST", json: booking(eventId, rateId, plate(40), "fan@example.co.uk"), headers: { "Accept-Language": "en-GB" } });
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "You have already taken 10 spaces for this event, the most one customer may (cancelled ones count too)",
    );
  });
});

describe("3. one text rule for every free-text field", () => {
  const rule = { field: "title", max: 20, strict: true } as const;
  const notAllowed = "Titolo: contiene caratteri non ammessi (di controllo, invisibili o che cambiano la direzione del testo)";
  it.each([
    ["NUL", "Nap\u0000oli", notAllowed],
    ["a lone surrogate", "Napoli \ud800", notAllowed],
    ["CR LF", "Napoli\r\nBcc: x@evil.example", "Titolo: deve stare su una sola riga"],
    ["a bidi override", "Napoli \u202egnp.exe", notAllowed],
    ["a zero-width space", "Nap\u200boli", notAllowed],
    ["too long", "N".repeat(21), "Testo troppo lungo (massimo 20 caratteri)"],
  ])("refuses %s in a title", (_, value, message) => {
    const cleaned = cleanText(value, rule);
    expect(cleaned.ok).toBe(false);
    if (!cleaned.ok) expect(localise(cleaned.message, "it")).toBe(message);
  });

  it("normalises to NFC, trims, and keeps line breaks (as \\n) only in multi-line fields", () => {
    expect(cleanText("  Cafe\u0301  ", rule)).toEqual({ ok: true, value: "Café" });
    expect(cleanText("riga uno\r\nriga due", { field: "description", max: 100, multiline: true })).toEqual({ ok: true, value: "riga uno\nriga due" });
    // A description may carry an emoji with its zero-width joiner; a title may not.
    expect(cleanText("Tifosi 👨‍👩‍👧", { field: "description", max: 100, multiline: true }).ok).toBe(true);
  });

  it.each([
    ["an event title with CR LF", "/api/events", { event: { title: "Napoli\r\nBcc: x@evil.example", datetime: "2030-05-01T20:00", totalSpots: 10 }, rates: [] }, "Titolo: deve stare su una sola riga"],
    ["a category name with NUL", "/api/categories", { name: "Calcio\u0000", color: "#112233" }, "Nome categoria: contiene caratteri non ammessi (di controllo, invisibili o che cambiano la direzione del testo)"],
    ["a category name with a lone surrogate", "/api/categories", { name: "Calcio \udc00", color: "#112233" }, "Nome categoria: contiene caratteri non ammessi (di controllo, invisibili o che cambiano la direzione del testo)"],
  ])("the admin API refuses %s with 400 and writes nothing", async (_, path, json, message) => {
    const res = await api(path, { method: "POST", json, headers: { Cookie: await adminCookie() } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it.each([
    ["a bidi override", "Mario \u202eissoR"],
    ["a zero-width joiner", "Ma\u200drio"],
    ["a word joiner", "Mario\u2060Rossi"],
  ])("a customer's name with %s is refused", async (_, name) => {
    const { eventId, rateId } = await seedEvent();
    const res = await api("/api/bookings", { method: "POST", json: { ...booking(eventId, rateId, "ZZ999ZZ"), customerName: name } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Nome contiene caratteri non validi");
  });

  it("an e-mail of an event whose stored title has CR LF keeps one Subject and no Bcc in its raw headers", async () => {
    // Stored before the rule existed (the API now refuses it): the header guard is the last line.
    const { eventId, rateId } = await seedEvent({ title: "Napoli - Inter\r\nBcc: spia@evil.example" });
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    const row = (await outboxInsert(testDb(), { bookingId: paid.id, kind: "confirmation", dedupeKey: `confirmation:${paid.id}`, now: Date.now() }).returning().get())!;
    let sent: Parameters<Mailer["send"]>[0] | undefined;
    const mailer = { send: async (message: Parameters<Mailer["send"]>[0]) => ((sent = message), { messageId: "m-1" }) } as unknown as Mailer;
    expect(await sendOutboxRow(testDb(), env, mailer, row.id, Date.now())).toBe("sent");
    const message = sent as unknown as { subject: string; to: string; from: { email: string; name: string } };
    // The raw header block as a mail library writes it from these fields (one "Name: value" line each).
    const raw = [`From: ${message.from.name} <${message.from.email}>`, `To: ${message.to}`, `Subject: ${message.subject}`].join("\r\n");
    const names = raw.split("\r\n").map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
    expect(names).toEqual(["from", "to", "subject"]);
    expect(message.subject).toContain("Napoli - Inter Bcc: spia@evil.example");
    expect(headerText("a\r\nb\u202ec\u0000d")).toBe("a b c d");
  });
});

describe("4. staff passwords are scored", () => {
  const tooCommon = "Questa password è tra le più usate: scegline una che nessuno userebbe, per esempio tre o quattro parole a caso";
  it.each([
    ["a common password", "password123", tooCommon],
    ["a keyboard row", "qwertyuiop", tooCommon],
    ["a sequence", "abcdefghijkl", "La password è una sequenza o una ripetizione facile da indovinare (come «abc», «1234», «qwerty»): aggiungi parole non comuni"],
    ["the garage's name", "parcheggieventi", "La password contiene il tuo nome, la tua e-mail o il nome del parcheggio: scegline una senza dati personali"],
  ])("refuses %s for a new account, naming how to do better", async (_, password, message) => {
    const res = await api("/api/admin/users", {
      method: "POST",
      json: { email: `nuovo.${crypto.randomUUID().slice(0, 6)}@test.example`, name: "Nuovo Addetto", role: "gate", password },
      headers: { Cookie: await adminCookie() },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "validation_failed", message, issues: [{ path: "password", message }] } });
  });

  it("refuses a weak password on a reset and on one's own change, in English for English staff", async () => {
    const manager = await seedStaff("manager");
    const reset = await api(`/api/admin/users/${manager.id}`, { method: "PATCH", json: { password: "password123" }, headers: { Cookie: await adminCookie() } });
    expect(reset.status).toBe(400);
    const cookie = await adminCookie();
    const change = await api("/api/admin/password", {
      method: "PUT",
      json: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: "password1234" },
      headers: { Cookie: cookie, "Accept-Language": "en" },
    });
    expect(change.status).toBe(400);
    expect(((await change.json()) as { error: { message: string } }).error.message).toBe(
      "This password is among the most used: choose one nobody would, for example three or four random words",
    );
    // A strong one passes.
    expect((await api(`/api/admin/users/${manager.id}`, { method: "PATCH", json: { password: "gabbiano-vesuvio-tramonto" }, headers: { Cookie: await adminCookie() } })).status).toBe(200);
  });
});

describe("5. answers that carry keys are never cached", () => {
  it("no-store on the booking, its lookup, the payment intent and the login", async () => {
    const { eventId, rateId } = await seedEvent();
    const created = await api("/api/bookings", { method: "POST", json: booking(eventId, rateId, "NS123NS") });
    expect(created.headers.get("Cache-Control")).toBe("no-store");
    const { id } = (await created.json()) as { id: string };
    const answers = [
      await api(`/api/bookings/${id}`),
      await api("/api/create-payment-intent", { method: "POST", json: { bookingId: id, type: "booking" } }),
      await api("/api/admin/login", { method: "POST", json: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } }),
      await api("/api/admin/session"),
      await api("/api/events"),
    ];
    for (const res of answers) expect([res.url, res.status, res.headers.get("Cache-Control")]).toEqual([res.url, res.status, "no-store"]);
  });
});

describe("6. a body over the limit is a 413 in the error shape, chunked or not", () => {
  const tenMegabytes = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new Uint8Array(64 * 1024).fill(97);
        for (let i = 0; i < 160; i++) controller.enqueue(chunk);
        controller.close();
      },
    });

  it.each([["chunked", true], ["with its length", false]])("10 MB %s", async (_, chunked) => {
    const body = chunked ? tenMegabytes() : "a".repeat(10 * 1024 * 1024);
    const res = await api("/api/bookings", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", Origin: "http://localhost" },
      ...(chunked ? { duplex: "half" } : {}),
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: "payload_too_large", message: "Il corpo della richiesta è troppo grande" } });
  });
});

describe("7. a backlog of e-mails drains in minutes", () => {
  it("one sweep hands every due row to the queue in batches of 100, and the E-mail tab shows the backlog", async () => {
    await env.DB.exec("DELETE FROM email_outbox");
    const { eventId, rateId } = await seedEvent();
    const paid = await seedBooking({ eventId, rateId, status: "paid" });
    const createdAt = Date.now() - 30 * 60_000;
    // 250 rows a crash left behind: handed to the queue 30 minutes ago, never sent.
    await env.DB.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < 249)
       insert into email_outbox (booking_id, kind, dedupe_key, status, attempts, enqueued_at, created_at)
       select ?, 'confirmation', 'backlog:' || i, 'queued', 0, ?, ? from n`,
    )
      .bind(paid.id, createdAt, createdAt)
      .run();
    const backlog = await outboxBacklog(testDb());
    expect(backlog).toMatchObject({ waiting: 250, oldestCreatedAt: new Date(createdAt).toISOString() });
    const sent: number[] = [];
    const queue = { sendBatch: async (messages: { body: { outboxId: number } }[]) => void sent.push(messages.length) };
    const handed = await dispatchQueued({ ...env, EMAIL_QUEUE: queue as unknown as Queue }, testDb(), Date.now());
    expect(handed).toBe(250);
    expect(sent).toEqual([100, 100, 50]);
    // Handed again only after REQUEUE_AFTER_MS, not on the next minute.
    expect(await dispatchQueued({ ...env, EMAIL_QUEUE: queue as unknown as Queue }, testDb(), Date.now() + 60_000)).toBe(0);
    const res = await api("/api/admin/emails/backlog", { headers: { Cookie: await adminCookie() } });
    expect(await res.json()).toMatchObject({ waiting: 250, failed: 0 });
  });

  it("runs each minute: the sweep on every trigger, the slow housekeeping on every fifth minute", async () => {
    const { cronTasks } = await import("./services/cron");
    expect(cronTasks.find((t) => t.name === "dispatch-queued-emails")?.everyMinutes).toBeUndefined();
    expect(cronTasks.find((t) => t.name === "expire-holds")?.everyMinutes).toBeUndefined();
  });
});
