// Proof that the three platform parts issue #12 builds on run under the local toolchain (workerd via
// @cloudflare/vitest-pool-workers): the send_email binding, a Queue producer + this Worker's consumer,
// and a Workflow. `npm start` (vite preview) runs the same wrangler.toml; see docs/decisions/018.
import { introspectWorkflowInstance } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema";
import { seedBooking, seedEvent, testDb, until } from "../../test/helpers";
import { outboxInsert } from "./outbox";

describe("platform parts under workerd", () => {
  it("send_email: env.EMAIL.send with html, text and attachments answers a message id (written to files locally)", async () => {
    const result = await env.EMAIL.send({
      from: { email: env.EMAIL_FROM, name: env.EMAIL_FROM_NAME },
      to: "cliente@example.it",
      replyTo: env.EMAIL_REPLY_TO,
      subject: "Prova",
      html: "<p>Ciao</p>",
      text: "Ciao",
      attachments: [{ disposition: "attachment", filename: "prova.ics", type: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" }],
    });
    expect(result.messageId).toMatch(/^<.+@parcheggieventi\.it>$/);
  });

  it("queue: a message sent to EMAIL_QUEUE reaches this Worker's consumer, which sends the outbox row", async () => {
    const { eventId } = await seedEvent();
    const booking = await seedBooking({ eventId, status: "paid" });
    const db = testDb();
    const row = (await outboxInsert(db, { bookingId: booking.id, kind: "confirmation", dedupeKey: `probe:${booking.id}`, now: Date.now() }).returning().get())!;
    await env.EMAIL_QUEUE.send({ outboxId: row.id });
    const after = await until(
      () => db.select().from(emailOutbox).where(eq(emailOutbox.id, row.id)).get(),
      (r) => r?.status === "sent",
    );
    // Fails if the consumer is not wired (index.ts queue handler) or the queue is not simulated.
    expect(after).toMatchObject({ status: "sent", attempts: 1 });
    expect(after!.providerMessageId).toMatch(/^<.+>$/);
  });

  it("workflow: an instance of CANCEL_EVENT runs its steps to completion", async () => {
    const id = `probe-${crypto.randomUUID()}`;
    await using instance = await introspectWorkflowInstance(env.CANCEL_EVENT, id);
    const { eventId } = await seedEvent();
    await env.CANCEL_EVENT.create({ id, params: { eventId } });
    await instance.waitForStatus("complete");
    expect(await instance.getOutput()).toEqual({ eventId, refunded: 0, total: 0 });
  });
});
