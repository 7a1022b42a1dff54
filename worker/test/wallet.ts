import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import * as pkijs from "pkijs";
import { expect, inject } from "vitest";
import { walletStandInDeliveries } from "../../db/schema";
import { app } from "../app";
import { testDb } from "./helpers";

/** Wallet tests' shared parts (worker/routes/wallet.test.ts and the services' wallet tests). */
export const identity = inject("walletIdentity");
export const BASE = "http://localhost:8787";
export const PASS_TYPE = "pass.it.parcheggieventi.test";

/** The Worker's bindings with a wallet signing identity, in demo mode (the stand-ins). */
export const walletEnv: Env = {
  ...env,
  PUBLIC_BASE_URL: BASE,
  DEMO_MODE: "1",
  APPLE_PASS_TYPE_ID: PASS_TYPE,
  APPLE_TEAM_ID: "TESTTEAM01",
  APPLE_PASS_CERT: identity.passCert,
  APPLE_PASS_KEY: identity.passKey,
  APPLE_WWDR_CERT: identity.wwdrCert,
  GOOGLE_WALLET_ISSUER_ID: "3388000000000000001",
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "wallet-test@example.iam.gserviceaccount.com",
  // Pasted on one line, as .dev.vars holds it.
  GOOGLE_WALLET_PRIVATE_KEY: identity.googleKey.trim().replace(/\n/g, "\\n"),
};

export const call = (path: string, init: RequestInit = {}, bindings: Env = walletEnv) => app.request(`${BASE}${path}`, init, bindings, createExecutionContext());

export const der = (pem: string) => Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, "")), (c) => c.charCodeAt(0));
const certOf = (pem: string) => pkijs.Certificate.fromBER(der(pem));

async function sha1Hex(bytes: Uint8Array) {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Unzips a .pkpass, checks its manifest covers every file and its signature chains to the test CA; returns pass.json. */
export async function openPkpass(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as Record<string, string>;
  const others = Object.keys(files).filter((n) => n !== "manifest.json" && n !== "signature");
  expect(Object.keys(manifest).sort()).toEqual(others.sort());
  for (const name of others) expect(manifest[name], name).toBe(await sha1Hex(files[name]));

  const info = pkijs.ContentInfo.fromBER(files.signature);
  const signed = new pkijs.SignedData({ schema: info.content });
  const verified = await signed.verify({
    signer: 0,
    data: files["manifest.json"].slice().buffer,
    trustedCerts: [certOf(identity.caCert)],
    checkChain: true,
    extendedMode: true,
  });
  expect(verified.signatureVerified).toBe(true);
  // The pass certificate and the intermediate standing in for Apple's WWDR travel in the signature.
  expect(signed.certificates).toHaveLength(2);
  return { pass: JSON.parse(new TextDecoder().decode(files["pass.json"])), files };
}

export async function downloadPkpass(secret: string) {
  const res = await call(`/api/wallet/${secret}/apple.pkpass`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/vnd.apple.pkpass");
  return openPkpass(new Uint8Array(await res.arrayBuffer()));
}

export const auth = (token: string) => ({ Authorization: `ApplePass ${token}` });
export const register = (device: string, serial: string, token: string, pushToken = `push-${device}`) =>
  call(`/api/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}/${serial}`, {
    method: "POST",
    headers: { ...auth(token), "Content-Type": "application/json" },
    body: JSON.stringify({ pushToken }),
  });

/** The latest pass as Apple's web service serves it to a registered device. */
export async function latestPkpass(pass: { serialNumber: string; authenticationToken: string }) {
  const res = await call(`/api/wallet/apple/v1/passes/${PASS_TYPE}/${pass.serialNumber}`, { headers: auth(pass.authenticationToken) });
  expect(res.status).toBe(200);
  return (await openPkpass(new Uint8Array(await res.arrayBuffer()))).pass;
}

export const pushesTo = async (pushToken: string) =>
  (await testDb().select().from(walletStandInDeliveries).where(eq(walletStandInDeliveries.target, pushToken))).filter((d) => d.channel === "apple_push").length;

/** A .pkpass downloaded and one device registered for it, with its own push token. */
export async function passOnAPhone(secret: string) {
  const { pass } = await downloadPkpass(secret);
  const token = `token-${crypto.randomUUID()}`;
  expect((await register(`phone-${crypto.randomUUID().slice(0, 8)}`, pass.serialNumber, pass.authenticationToken, token)).status).toBe(201);
  return { pass, token };
}
