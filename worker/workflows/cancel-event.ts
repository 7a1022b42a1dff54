import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";

export type CancelEventParams = { eventId: number };

/**
 * "Annulla evento" as a durable Workflow: each step is retried on its own and the instance resumes
 * after a crash from the last completed step (docs/decisions/018-after-the-sale.md).
 */
export class CancelEventWorkflow extends WorkflowEntrypoint<Env, CancelEventParams> {
  async run(event: WorkflowEvent<CancelEventParams>, step: WorkflowStep) {
    const { eventId } = event.payload;
    return step.do("start", async () => ({ eventId }));
  }
}
