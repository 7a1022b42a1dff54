import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { createDb } from "../db";
import { dispatchQueued } from "../services/email/outbox";
import { cancelOpenPayments, finishEventCancellation, recordCancellationFailure, refundForCancelledEvent, startEventCancellation } from "../services/event-cancellation";
import { requirePaymentProvider } from "../services/payments/create-provider";

export type CancelEventParams = { eventId: number };

const REFUND_RETRIES = { retries: { limit: 3, delay: "2 seconds", backoff: "exponential" }, timeout: "2 minutes" } as const;

/**
 * "Annulla evento" as a durable Workflow: each step is retried on its own and an instance resumes
 * after a crash from the last completed step (completed steps are not run again). One step per
 * booking, so a failure is that booking's alone: it is listed for the admin, who can run it again.
 */
export class CancelEventWorkflow extends WorkflowEntrypoint<Env, CancelEventParams> {
  async run(event: WorkflowEvent<CancelEventParams>, step: WorkflowStep) {
    const { eventId } = event.payload;
    const db = () => createDb(this.env.DB);
    const toRefund = await step.do("stop sales", () => startEventCancellation(db(), eventId, event.instanceId, Date.now()));
    await step.do("cancel open payments", REFUND_RETRIES, () => cancelOpenPayments(db(), requirePaymentProvider(this.env, db()), eventId, Date.now()));
    let refunded = 0;
    let seasonSpots = 0;
    for (const bookingId of toRefund) {
      try {
        const done = await step.do(`refund ${bookingId}`, REFUND_RETRIES, () => refundForCancelledEvent(db(), requirePaymentProvider(this.env, db()), bookingId, Date.now()));
        // A season holder's spot is settled by its season's policy, not refunded as a booking.
        if (done === "season") seasonSpots++;
        else refunded++;
      } catch (err) {
        await step.do(`record failure ${bookingId}`, () => recordCancellationFailure(db(), eventId, bookingId, (err as Error).message));
      }
    }
    await step.do("send e-mails", () => dispatchQueued(this.env, db(), Date.now()));
    await step.do("finish", () => finishEventCancellation(db(), eventId, Date.now()));
    return { eventId, refunded, total: toRefund.length - seasonSpots };
  }
}
