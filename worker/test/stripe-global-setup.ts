/// <reference types="node" />
import type { TestProject } from "vitest/node";
import { startStripeStandIn } from "./stripe-stand-in";

/** Starts the Stripe stand-in once for the worker project; tests read its URL with inject("stripeApiBase"). */
export default async function setup(project: TestProject) {
  const standIn = await startStripeStandIn();
  project.provide("stripeApiBase", standIn.url);
  // The lifecycle property's size and seed (scripts/test-lifecycle.mjs): workerd has no process.env.
  project.provide("lifecycleRuns", Number(process.env.LIFECYCLE_RUNS) || 0);
  project.provide("lifecycleSeed", process.env.LIFECYCLE_SEED ? Number(process.env.LIFECYCLE_SEED) : null);
  // A long run may stop after this many minutes, reporting the runs it did (fast-check's interruptAfterTimeLimit).
  project.provide("lifecycleMinutes", Number(process.env.LIFECYCLE_MINUTES) || 0);
  // Another fixed instant for the worker tests: a RISKY name or a Naples wall-clock time (shared/test/clock.ts).
  project.provide("testClock", process.env.TEST_CLOCK ?? null);
  return () => standIn.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
    lifecycleRuns: number;
    lifecycleSeed: number | null;
    lifecycleMinutes: number;
    testClock: string | null;
  }
}
