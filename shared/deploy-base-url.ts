/**
 * Why a public base URL cannot go to production, or null when it can. wrangler.toml ships
 * `PUBLIC_BASE_URL = "http://localhost:8787"` for local runs: a deploy that forgot to override it
 * would e-mail every customer links to their own computer. Plain TypeScript without imports, so the
 * deploy script (Node, type stripping) and the tests share it.
 */
export function deployBaseUrlProblem(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return "PUBLIC_BASE_URL is not set: set it to https://<your-domain>";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `PUBLIC_BASE_URL is not a URL: ${text}`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const local = host === "localhost" || host.endsWith(".localhost") || host === "0.0.0.0" || host === "::1" || /^127\./.test(host);
  if (local) return `PUBLIC_BASE_URL points at this computer (${text}): set it to https://<your-domain> before deploying`;
  if (url.protocol !== "https:") return `PUBLIC_BASE_URL must use https (${text})`;
  return null;
}
