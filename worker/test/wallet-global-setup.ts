/// <reference types="node" />
import type { TestProject } from "vitest/node";
// @ts-expect-error a plain .mjs script shared with `npm start`: no type declarations.
import { makeWalletDevIdentity } from "../../scripts/wallet-dev-identity.mjs";

export type WalletTestIdentity = { caCert: string; wwdrCert: string; passCert: string; passKey: string; googleKey: string; googlePublicKey: string };

/** A fresh wallet signing identity (test CA, pass certificate, Google key) for the worker tests: inject("walletIdentity"). */
export default async function setup(project: TestProject) {
  project.provide("walletIdentity", (await makeWalletDevIdentity()) as WalletTestIdentity);
}

declare module "vitest" {
  export interface ProvidedContext {
    walletIdentity: WalletTestIdentity;
  }
}
