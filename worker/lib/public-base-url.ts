/**
 * The site's public address for absolute URLs (canonical, share cards, sitemap): PUBLIC_BASE_URL
 * when set, else the request's own origin. No trailing slash.
 */
export function publicBaseUrl(env: { PUBLIC_BASE_URL?: string }, requestUrl: string): string {
  const configured = env.PUBLIC_BASE_URL?.trim();
  return (configured || new URL(requestUrl).origin).replace(/\/+$/, "");
}
