/**
 * Local stand-ins (demo payments, and the e-invoice and wallet services' stand-ins) run only where
 * DEMO_MODE=1 asks for them, and never behind a public https address: a live shop missing a secret
 * switches the feature off visibly instead of faking it (docs/decisions/044-fail-closed.md).
 */
export function isDemoMode(env: Pick<Env, "PUBLIC_BASE_URL" | "DEMO_MODE">): boolean {
  if (env.DEMO_MODE !== "1") return false;
  return !isPublicHttps(env.PUBLIC_BASE_URL);
}

/** An https address outside this machine: a real deployment. */
export function isPublicHttps(baseUrl: string | undefined): boolean {
  if (!baseUrl) return false;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  return !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && !url.hostname.endsWith(".localhost");
}
