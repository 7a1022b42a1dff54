/// <reference types="node" />
import type { TestProject } from "vitest/node";
import { startStripeStandIn } from "./stripe-stand-in";

/** Starts the Stripe stand-in once for the worker project; tests read its URL with inject("stripeApiBase"). */
export default async function setup(project: TestProject) {
  const standIn = await startStripeStandIn();
  project.provide("stripeApiBase", standIn.url);
  return () => standIn.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    stripeApiBase: string;
  }
}
