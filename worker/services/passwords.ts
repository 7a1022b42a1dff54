/**
 * Staff passwords: PBKDF2-SHA256 through WebCrypto with a random 128-bit salt per hash, stored as
 * "pbkdf2-sha256$<iterations>$<salt>$<hash>" (base64) so the count can change later.
 */
// The Workers runtime refuses PBKDF2 above 100,000 iterations (proved in passwords.test.ts).
export const PBKDF2_ITERATIONS = 100_000;
// The lengths the staff screens check too (shared/forms/admin-forms.ts).
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/forms/admin-forms";

const SCHEME = "pbkdf2-sha256";
const HASH_BITS = 256;
const encoder = new TextEncoder();
// workerd's constant-time comparison; the DOM lib in tsconfig hides it from SubtleCrypto's type.
const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView | ArrayBuffer, b: ArrayBufferView | ArrayBuffer): boolean };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/**
 * Cloudflare's runtime refuses more than 100,000 iterations, but the standalone workerd that runs
 * `npm start` and the tests has no cap (docs/decisions/014-staff-accounts.md): refuse here
 * too, with production's message, so nothing passes locally that fails once deployed.
 */
export async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (iterations > PBKDF2_ITERATIONS) {
    throw new DOMException(`Pbkdf2 failed: iteration counts above ${PBKDF2_ITERATIONS} are not supported (requested ${iterations}).`, "NotSupportedError");
  }
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, PBKDF2_ITERATIONS);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Derives with the stored salt and count, then compares in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  const count = Number(iterations);
  if (scheme !== SCHEME || !Number.isInteger(count) || count < 1 || count > PBKDF2_ITERATIONS || !salt || !hash) return false;
  const expected = fromBase64(hash);
  const actual = await pbkdf2(password, fromBase64(salt), count);
  return expected.byteLength === actual.byteLength && subtle.timingSafeEqual(actual, expected);
}

/**
 * Checked against when the e-mail is unknown, so an unknown account costs the same PBKDF2 work as
 * a wrong password and the answer time does not tell which accounts exist.
 */
export const UNKNOWN_ACCOUNT_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

/** Compares SHA-256 digests, not the strings, so neither the length nor the content leaks through timing. */
export async function secretMatches(given: string, expected: string | undefined): Promise<boolean> {
  if (!expected) return false;
  const [a, b] = await Promise.all([given, expected].map((text) => crypto.subtle.digest("SHA-256", encoder.encode(text))));
  return subtle.timingSafeEqual(a, b);
}
