import { and, eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { documents, sdiSubmissions } from "../../../db/schema";
import { adminApi } from "../../test/admin";
import { api, paidBookingOn, seedEvent, testDb, until } from "../../test/helpers";
import { INVOICE_BUYER } from "../../test/paper-trail";
import { unzip } from "../documents/zip";
import { requestInvoice } from "../documents/issue";
import type { Buyer } from "../documents/fattura-xml";
import { createSdiIntermediary, outcomeOfNotifications, sdiMode, type SdiIntermediary } from "./intermediary";
import { sdiStandIn, STAND_IN_FOREIGN_CODE } from "./stand-in";
import { handleSdiBatch, handOverSdi, pollSdiOutcomes, queueUnsentDocuments, resendCorrected, sendSubmission, type SdiJob } from "./submissions";
import { GARAGE_FISCAL_IDENTITY } from "../../test/fiscal";

const GARAGE = GARAGE_FISCAL_IDENTITY;

const COMPANY = INVOICE_BUYER;

async function paidBooking(priceCents = 2000) {
  const { eventId, rateId } = await seedEvent({ rates: [{ priceCents }] });
  return paidBookingOn(eventId, rateId);
}

/** An invoice issued by the service itself (not the route, which would hand it to the real queue at once). */
async function invoiceFor(buyer: Buyer = COMPANY) {
  const { bookingId } = await paidBooking();
  const issued = await requestInvoice(testDb(), bookingId, { buyer }, Date.now());
  if (!issued.ok) throw new Error(issued.error.error.message);
  return issued.value.invoice;
}

/** SDI_QUEUE as the code sees it, keeping what it was given (the real one would deliver to the real consumer). */
function recordingQueue() {
  const jobs: SdiJob[] = [];
  return { jobs, env: { SDI_QUEUE: { sendBatch: async (msgs: Iterable<MessageSendRequest<SdiJob>>) => void jobs.push(...[...msgs].map((m) => m.body)) } as unknown as Queue } };
}

/** The stand-in, counting what reached it; `failFirst` calls throw (the intermediary down). */
function countingStandIn(failFirst = 0) {
  const sent: string[] = [];
  let failures = failFirst;
  const intermediary: SdiIntermediary = {
    name: "counting",
    async send(file) {
      if (failures > 0) {
        failures--;
        throw new Error("503 intermediary unavailable");
      }
      sent.push(file.fileName);
      return sdiStandIn.send(file);
    },
    outcome: (id) => sdiStandIn.outcome(id),
  };
  return { sent, intermediary };
}

/** A queue batch as the runtime hands it, recording acks and retries. */
function batchOf(jobs: SdiJob[]) {
  const acked: string[] = [];
  const retried: string[] = [];
  const messages = jobs.map((body, i) => ({
    id: String(i),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: () => void acked.push(body.submissionId),
    retry: () => void retried.push(body.submissionId),
  }));
  const batch = { queue: "parcheggi-eventi-sdi", messages, ackAll: () => {}, retryAll: () => {} } as unknown as MessageBatch<SdiJob>;
  return { batch, acked, retried };
}

const submissionsOfDoc = (documentId: string) => testDb().select().from(sdiSubmissions).where(eq(sdiSubmissions.documentId, documentId)).orderBy(sdiSubmissions.attempt);

beforeAll(async () => {
  expect((await adminApi("/api/admin/fiscal-identity", { method: "PUT", json: GARAGE })).status).toBe(200);
});

describe("which intermediary", () => {
  const base = { SDI_INTERMEDIARY: "", SDI_API_BASE: "", SDI_API_TOKEN: "", DEMO_MODE: "1", PUBLIC_BASE_URL: "http://localhost:8787" };
  it("the stand-in only in demo mode; the configured intermediary wins; none on a real domain without one", () => {
    expect(createSdiIntermediary(base)?.name).toBe("stand-in");
    expect(sdiMode({ ...base, PUBLIC_BASE_URL: "https://parcheggieventi.it" })).toBe("off");
    expect(createSdiIntermediary({ ...base, PUBLIC_BASE_URL: "https://parcheggieventi.it" })).toBeNull();
    expect(createSdiIntermediary({ ...base, DEMO_MODE: "0" })).toBeNull();
    const live = { ...base, DEMO_MODE: "0", SDI_INTERMEDIARY: "acube", SDI_API_BASE: "https://api-sandbox.acubeapi.com", SDI_API_TOKEN: "t" };
    expect(createSdiIntermediary(live)?.name).toBe("acube");
    expect(createSdiIntermediary({ ...live, SDI_INTERMEDIARY: "unknown" })).toBeNull();
  });

  it("SdI's notifications read as states: NS discarded with its message, RC or MC delivered, else still travelling", () => {
    expect(outcomeOfNotifications([{ type: "NS", message: "00305 IdFiscaleIVA non valido" }])).toEqual({ state: "discarded", reason: "00305 IdFiscaleIVA non valido" });
    expect(outcomeOfNotifications([{ type: "RC" }])).toEqual({ state: "delivered" });
    expect(outcomeOfNotifications([{ type: "MC" }])).toEqual({ state: "delivered" });
    expect(outcomeOfNotifications([])).toEqual({ state: "sent" });
  });
});

describe("sending to SdI through the stand-in", () => {
  it("an invoice is da inviare, then sent, then delivered; the admin's Documenti tab shows each state", async () => {
    const invoice = await invoiceFor();
    const month = new Date(invoice.issuedAt).toISOString().slice(0, 7);
    const stateInTab = async () => {
      const body = await (await adminApi(`/api/admin/documents?month=${month}`)).json<{ documents: { id: string; sdi: { status: string; reason: string | null } | null }[]; sdiMode: string }>();
      expect(body.sdiMode).toBe("demo");
      return body.documents.find((d) => d.id === invoice.id)!.sdi!;
    };
    expect((await stateInTab()).status).toBe("pending");

    const queue = recordingQueue();
    await queueUnsentDocuments(testDb(), queue.env, Date.now());
    const [first] = await submissionsOfDoc(invoice.id);
    expect(first).toMatchObject({ attempt: 1, status: "queued", fileName: `IT12345678903_F${String(invoice.year % 100).padStart(2, "0")}${String(invoice.number).padStart(5, "0")}.xml` });
    expect(queue.jobs).toContainEqual({ submissionId: first.id });

    const { sent, intermediary } = countingStandIn();
    const { batch, acked } = batchOf([{ submissionId: first.id }]);
    await handleSdiBatch(batch, testDb(), intermediary);
    expect(acked).toEqual([first.id]);
    expect(sent).toEqual([first.fileName]);
    expect((await stateInTab()).status).toBe("sent");

    await pollSdiOutcomes(testDb(), intermediary, Date.now());
    expect(await stateInTab()).toMatchObject({ status: "delivered", reason: null });
  });

  it("never sent twice: a message delivered twice, or twice at once, reaches the intermediary once; a document gets one first sending", async () => {
    const invoice = await invoiceFor();
    const queue = recordingQueue();
    await Promise.all([queueUnsentDocuments(testDb(), queue.env, Date.now()), queueUnsentDocuments(testDb(), queue.env, Date.now())]);
    const rows = await submissionsOfDoc(invoice.id);
    expect(rows).toHaveLength(1);
    const { sent, intermediary } = countingStandIn();
    const job = { submissionId: rows[0].id };
    const { batch, acked } = batchOf([job, job]);
    await Promise.all([handleSdiBatch(batch, testDb(), intermediary), handleSdiBatch(batchOf([job]).batch, testDb(), intermediary)]);
    expect(sent).toEqual([rows[0].fileName]);
    expect(acked).toEqual([job.submissionId, job.submissionId]);
    expect(await sendSubmission(testDb(), intermediary, rows[0].id, Date.now())).toBe("not_queued");
    expect(sent).toHaveLength(1);
  });

  it("retried after a failure: the intermediary down, the message is retried and the file then goes once", async () => {
    const invoice = await invoiceFor();
    await queueUnsentDocuments(testDb(), recordingQueue().env, Date.now());
    const [row] = await submissionsOfDoc(invoice.id);
    const { sent, intermediary } = countingStandIn(1);
    const first = batchOf([{ submissionId: row.id }]);
    await handleSdiBatch(first.batch, testDb(), intermediary);
    expect(first.retried).toEqual([row.id]);
    expect((await submissionsOfDoc(invoice.id))[0]).toMatchObject({ status: "queued", tries: 1, lastError: "503 intermediary unavailable" });
    const again = batchOf([{ submissionId: row.id }]);
    await handleSdiBatch(again.batch, testDb(), intermediary);
    expect(again.acked).toEqual([row.id]);
    expect(sent).toEqual([row.fileName]);
    expect((await submissionsOfDoc(invoice.id))[0]).toMatchObject({ status: "sent", tries: 2, lastError: null });
  });

  it("a queued sending the queue lost is handed over again by the cron's sweep, not before", async () => {
    const invoice = await invoiceFor();
    const queue = recordingQueue();
    const now = Date.now();
    await queueUnsentDocuments(testDb(), queue.env, now);
    const [row] = await submissionsOfDoc(invoice.id);
    const later = recordingQueue();
    await handOverSdi(later.env, testDb(), now + 60_000);
    expect(later.jobs).not.toContainEqual({ submissionId: row.id });
    await handOverSdi(later.env, testDb(), now + 11 * 60_000);
    expect(later.jobs).toContainEqual({ submissionId: row.id });
  });

  it("discarded with SdI's reason, counted as never issued; corrected, sent again under its number and date with the refused XML kept", async () => {
    const invoice = await invoiceFor({ ...COMPANY, codiceDestinatario: STAND_IN_FOREIGN_CODE });
    await queueUnsentDocuments(testDb(), recordingQueue().env, Date.now());
    const [refused] = await submissionsOfDoc(invoice.id);
    const { sent, intermediary } = countingStandIn();
    await sendSubmission(testDb(), intermediary, refused.id, Date.now());
    await pollSdiOutcomes(testDb(), intermediary, Date.now());
    const month = new Date(invoice.issuedAt).toISOString().slice(0, 7);
    const tab = async () =>
      (await (await adminApi(`/api/admin/documents?month=${month}`)).json<{ documents: { id: string; sdi: { status: string; reason: string | null; history: unknown[] } }[] }>()).documents.find(
        (d) => d.id === invoice.id,
      )!.sdi;
    expect(await tab()).toMatchObject({ status: "discarded", reason: expect.stringContaining("CodiceDestinatario XXXXXXX") });

    // Never issued: the month's ZIP leaves its file out, the CSV says so.
    const zipOf = async () =>
      unzip(new Uint8Array(await (await adminApi(`/api/admin/documents/export?month=${month}`)).arrayBuffer())).map((f) => ({ name: f.name, content: new TextDecoder().decode(f.content) }));
    let files = await zipOf();
    expect(files.map((f) => f.name)).not.toContain(`fatture/${refused.fileName}`);
    expect(files.find((f) => f.name === `documenti-${month}.csv`)!.content).toContain(`;Scartata\r\n`);

    // Only a discarded document is sent again, and the correction is checked like the customer's request.
    const bad = await adminApi(`/api/admin/documents/${invoice.id}/resend`, { method: "POST", json: { buyer: { ...COMPANY, partitaIva: "12345678901" } } });
    expect(bad.status).toBe(400);
    const resent = await adminApi(`/api/admin/documents/${invoice.id}/resend`, { method: "POST", json: { buyer: { ...COMPANY, codiceDestinatario: "M5UXCR1" } } });
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { sdi: { status: string; attempt: number } }).sdi).toMatchObject({ status: "pending", attempt: 2 });
    const twice = await adminApi(`/api/admin/documents/${invoice.id}/resend`, { method: "POST", json: { buyer: COMPANY } });
    expect(twice.status).toBe(409);

    const [kept, second] = await submissionsOfDoc(invoice.id);
    expect(kept).toMatchObject({ id: refused.id, status: "discarded", xml: refused.xml });
    expect(kept.xml).toContain(`<CodiceDestinatario>${STAND_IN_FOREIGN_CODE}</CodiceDestinatario>`);
    expect(second.fileName).toBe(refused.fileName.replace(".xml", "2.xml"));
    expect(second.xml).toContain("<CodiceDestinatario>M5UXCR1</CodiceDestinatario>");
    // Same number and date.
    const numberAndDate = (xml: string) => [xml.match(/<Numero>(.*?)<\/Numero>/)![1], xml.match(/<Data>(.*?)<\/Data>/)![1]];
    expect(numberAndDate(second.xml)).toEqual(numberAndDate(kept.xml));
    const doc = await testDb().select().from(documents).where(and(eq(documents.id, invoice.id))).get();
    expect([doc!.number, doc!.issuedAt, (doc!.buyer as { codiceDestinatario: string }).codiceDestinatario]).toEqual([invoice.number, invoice.issuedAt, "M5UXCR1"]);

    // The second sending (handed to the real queue by the route) is delivered; the ZIP carries the corrected file.
    await until(
      () => submissionsOfDoc(invoice.id),
      (rows) => rows[1]?.status === "sent",
    );
    await pollSdiOutcomes(testDb(), intermediary, Date.now());
    expect(await tab()).toMatchObject({ status: "delivered", history: [{ attempt: 1, reason: expect.stringContaining("XXXXXXX") }] });
    expect(sent).toEqual([refused.fileName]);
    files = await zipOf();
    expect(files.find((f) => f.name === `fatture/${second.fileName}`)?.content).toBe(second.xml);
    // The admin's XML download is the file as last sent.
    expect(await (await adminApi(`/api/admin/documents/${invoice.id}/xml`)).text()).toBe(second.xml);
  });

  it("asked by the customer, the invoice leaves for SdI through the real queue and the stand-in at once", async () => {
    const { secret, bookingId } = await paidBooking();
    expect((await api(`/api/passes/${secret}/invoice`, { method: "POST", json: { buyer: COMPANY } })).status).toBe(201);
    const invoice = await testDb().select().from(documents).where(and(eq(documents.bookingId, bookingId), eq(documents.kind, "invoice"))).get();
    const rows = await until(
      () => submissionsOfDoc(invoice!.id),
      (r) => r[0]?.status === "sent",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].transmissionId).toBe(`standin:delivered:${rows[0].fileName}`);
    await pollSdiOutcomes(testDb(), createSdiIntermediary(env)!, Date.now());
    expect((await submissionsOfDoc(invoice!.id))[0].status).toBe("delivered");
  });

  it("resending a document that was not discarded is refused and writes nothing", async () => {
    const invoice = await invoiceFor();
    expect((await resendCorrected(testDb(), recordingQueue().env, invoice.id, COMPANY, Date.now())).ok).toBe(false);
    expect(await submissionsOfDoc(invoice.id)).toEqual([]);
  });
});
