import { isDemoMode } from "../demo-mode";
import { importRsaSigningKey, pemBlocks, type SigningIdentity } from "./pkcs7";

type WalletEnv = Pick<
  Env,
  | "PUBLIC_BASE_URL"
  | "DEMO_MODE"
  | "APPLE_PASS_TYPE_ID"
  | "APPLE_TEAM_ID"
  | "APPLE_PASS_CERT"
  | "APPLE_PASS_KEY"
  | "APPLE_WWDR_CERT"
  | "GOOGLE_WALLET_ISSUER_ID"
  | "GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL"
  | "GOOGLE_WALLET_PRIVATE_KEY"
> & {
  /** The mTLS binding carrying the pass certificate to Apple's push service (README, "Wallet passes"). */
  APPLE_PUSH?: Fetcher;
};

export type AppleWalletConfig = { passTypeId: string; teamId: string; certPem: string; keyPem: string; wwdrPem: string; push: Fetcher | "stand-in" };
export type GoogleWalletConfig = { issuerId: string; serviceAccountEmail: string; keyPem: string; api: "google" | "stand-in" };

const given = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Apple Wallet is offered when its pass certificate, key, Apple's intermediate and the identifiers are
 * set, and its changes can reach the devices: through the APPLE_PUSH binding, or the local stand-in
 * where DEMO_MODE asks for it. Anything missing: null, and the button is not shown.
 */
export function appleWalletConfig(env: WalletEnv): AppleWalletConfig | null {
  const passTypeId = given(env.APPLE_PASS_TYPE_ID);
  const teamId = given(env.APPLE_TEAM_ID);
  const certPem = given(env.APPLE_PASS_CERT);
  const keyPem = given(env.APPLE_PASS_KEY);
  const wwdrPem = given(env.APPLE_WWDR_CERT);
  if (!passTypeId || !teamId || !certPem || !keyPem || !wwdrPem) return null;
  const push = isDemoMode(env) ? "stand-in" : (env.APPLE_PUSH ?? null);
  return push ? { passTypeId, teamId, certPem, keyPem, wwdrPem, push } : null;
}

/** Google Wallet is offered when its issuer and service account are set; its API is the stand-in only in DEMO_MODE. */
export function googleWalletConfig(env: WalletEnv): GoogleWalletConfig | null {
  const issuerId = given(env.GOOGLE_WALLET_ISSUER_ID);
  const serviceAccountEmail = given(env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL);
  const keyPem = given(env.GOOGLE_WALLET_PRIVATE_KEY);
  if (!issuerId || !serviceAccountEmail || !keyPem) return null;
  return { issuerId, serviceAccountEmail, keyPem, api: isDemoMode(env) ? "stand-in" : "google" };
}

export async function signingIdentityOf(apple: AppleWalletConfig): Promise<SigningIdentity> {
  const [certificate] = pemBlocks(apple.certPem, "CERTIFICATE");
  if (!certificate) throw new Error("APPLE_PASS_CERT holds no certificate");
  return { certificate, chain: pemBlocks(apple.wwdrPem, "CERTIFICATE"), key: await importRsaSigningKey(apple.keyPem) };
}
