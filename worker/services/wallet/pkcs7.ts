/**
 * A PKCS#7 (CMS) detached signature, as Apple Wallet requires over a pass's manifest.json: SignedData
 * with the pass certificate and Apple's intermediate, one signer (RSA, SHA-256) and the signed
 * attributes contentType, signingTime and messageDigest. WebCrypto signs; the few DER structures are
 * written here rather than by pkijs, whose 91 KB gzip would take the Worker past its budget
 * (docs/decisions/050-wallet-passes.md). Tests verify the output with pkijs and Debian's openssl.
 */

import { concatBytes } from "../../lib/bytes";

const enc = (n: number[]) => new Uint8Array(n);

function lengthBytes(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/** One DER element: tag, length, the parts as its value. */
export function der(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const value = concatBytes(parts);
  return concatBytes([enc([tag, ...lengthBytes(value.length)]), value]);
}

const seq = (...parts: Uint8Array[]) => der(0x30, ...parts);
/** SET OF in DER: the members sorted by their encodings. */
function setOf(...parts: Uint8Array[]): Uint8Array {
  const sorted = [...parts].sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  });
  return der(0x31, ...sorted);
}

export function oid(dotted: string): Uint8Array {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const body = [40 * a + b];
  for (const arc of rest) {
    const chunk: number[] = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    body.push(...chunk);
  }
  return der(0x06, enc(body));
}

const NULL = enc([0x05, 0x00]);
const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
};

/** A DER element inside `bytes` at `at`: where its value starts and where it ends. */
function readElement(bytes: Uint8Array, at: number): { tag: number; valueStart: number; end: number } {
  const tag = bytes[at];
  let length = bytes[at + 1];
  let valueStart = at + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[at + 2 + i];
    valueStart += count;
  }
  return { tag, valueStart, end: valueStart + length };
}

/** The issuer (Name) and serial number of an X.509 certificate, as their DER encodings. */
export function issuerAndSerial(certificate: Uint8Array): { issuer: Uint8Array; serial: Uint8Array } {
  const cert = readElement(certificate, 0);
  const tbs = readElement(certificate, cert.valueStart);
  let at = tbs.valueStart;
  if (certificate[at] === 0xa0) at = readElement(certificate, at).end; // [0] version
  const serial = readElement(certificate, at);
  const algorithm = readElement(certificate, serial.end);
  const issuer = readElement(certificate, algorithm.end);
  return { serial: certificate.slice(at, serial.end), issuer: certificate.slice(algorithm.end, issuer.end) };
}

/** PEM (one or more blocks) to DER, by label. Literal "\n" (a secret pasted on one line) counts as a line break. */
export function pemBlocks(pem: string, label: string): Uint8Array[] {
  const text = pem.replace(/\\n/g, "\n");
  const re = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, "g");
  return [...text.matchAll(re)].map((m) => Uint8Array.from(atob(m[1].replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
}

/** A PKCS#8 RSA private key for RSASSA-PKCS1-v1_5 with SHA-256 (the pass key, the Google service account key). */
export function importRsaSigningKey(pkcs8Pem: string): Promise<CryptoKey> {
  const [key] = pemBlocks(pkcs8Pem, "PRIVATE KEY");
  if (!key) throw new Error("no PKCS#8 private key in the PEM");
  return crypto.subtle.importKey("pkcs8", key as Uint8Array<ArrayBuffer>, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
}

function utcTime(ms: number): Uint8Array {
  const iso = new Date(ms).toISOString(); // 2026-03-14T20:00:00.000Z
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return der(0x17, new TextEncoder().encode(text));
}

export type SigningIdentity = {
  /** DER of the signer's certificate. */
  certificate: Uint8Array;
  /** DER of the certificates sent along (Apple's WWDR intermediate). */
  chain: Uint8Array[];
  key: CryptoKey;
};

/** The detached signature of `content`, DER-encoded ContentInfo(SignedData). */
export async function signDetached(content: Uint8Array<ArrayBuffer>, identity: SigningIdentity, signedAt: number): Promise<Uint8Array> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", content));
  const sha256 = seq(oid(OID.sha256), NULL);
  const attributes = [
    seq(oid(OID.contentType), setOf(oid(OID.data))),
    seq(oid(OID.signingTime), setOf(utcTime(signedAt))),
    seq(oid(OID.messageDigest), setOf(der(0x04, digest))),
  ];
  // The signature covers the attributes encoded as a SET; in SignerInfo they are [0] IMPLICIT.
  const signedSet = setOf(...attributes);
  const signature = new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", identity.key, signedSet as Uint8Array<ArrayBuffer>));
  const { issuer, serial } = issuerAndSerial(identity.certificate);
  const signerInfo = seq(
    der(0x02, enc([1])),
    seq(issuer, serial),
    sha256,
    concatBytes([enc([0xa0]), signedSet.subarray(1)]),
    seq(oid(OID.rsaEncryption), NULL),
    der(0x04, signature),
  );
  const signedData = seq(
    der(0x02, enc([1])),
    setOf(sha256),
    seq(oid(OID.data)),
    der(0xa0, identity.certificate, ...identity.chain),
    setOf(signerInfo),
  );
  return seq(oid(OID.signedData), der(0xa0, signedData));
}
