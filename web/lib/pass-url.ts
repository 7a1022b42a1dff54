/** What a pass QR encodes: the page that shows the pass on any phone, and what the gate scans. */
export function passUrl(secret: string, origin = window.location.origin): string {
  return `${origin}/p/${secret}`;
}
