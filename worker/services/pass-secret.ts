const PASS_BYTES = 16;

/** 128 random bits, base64url without padding (22 characters): a pass, a waiting-list link, a wallet serial. */
export function newPassSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PASS_BYTES));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
