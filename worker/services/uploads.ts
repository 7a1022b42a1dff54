import { eq, inArray, sql } from "drizzle-orm";
import { uploads } from "../../db/schema";
import type { Db } from "../db";
import { fail, ok, type Outcome } from "../lib/errors";
import type { MessageRef } from "../i18n/message-ref";
import { messages } from "../i18n/it";
import { UPLOAD_LIMITS, type UploadKind, type UploadLimit } from "../../shared/rules";


export const UPLOAD_URL_TTL_MS = 5 * 60 * 1000;
export type { UploadKind };

export const UPLOAD_RULES: Record<UploadKind, UploadLimit & { tooLarge: MessageRef; badType: MessageRef }> = {
  event: { ...UPLOAD_LIMITS.event, tooLarge: messages.eventImageTooLarge, badType: messages.eventImageBadType },
  partner: { ...UPLOAD_LIMITS.partner, tooLarge: messages.partnerImageTooLarge, badType: messages.partnerImageBadType },
};

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const FILE_NAME = /^[A-Za-z0-9._-]{1,200}$/;
export const OBJECT_PREFIX = "/objects/uploads/";

const invalidLink = () => fail(403, "forbidden", messages.invalidUploadLink);

export type UploadGrant = { key: string; kind: UploadKind; contentType: string; size: number; exp: number };

const encoder = new TextEncoder();

function grantPayload(g: UploadGrant): Uint8Array<ArrayBuffer> {
  return encoder.encode([g.key, g.kind, g.contentType, g.size, g.exp].join("\n"));
}

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

function toBase64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) return null;
  const bin = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

/** A 5-minute URL to the Worker's own PUT route, bound by HMAC to one key, kind, type and size. */
export async function createUploadUrl(
  secret: string,
  origin: string,
  input: { kind: UploadKind; contentType: string; size: number },
  now: number,
): Promise<{ uploadURL: string; key: string }> {
  if (!secret) throw new Error("UPLOAD_SIGNING_KEY is not configured");
  const key = `uploads/${crypto.randomUUID()}.${EXTENSIONS[input.contentType]}`;
  const grant: UploadGrant = { key, ...input, exp: now + UPLOAD_URL_TTL_MS };
  const sig = toBase64Url(await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), grantPayload(grant)));
  const query = new URLSearchParams({ kind: grant.kind, type: grant.contentType, size: String(grant.size), exp: String(grant.exp), sig });
  return { uploadURL: `${origin}/api/${key}?${query}`, key };
}

/** The grant a signed upload URL carries, or why it is refused (both answer 403). */
export async function verifyUploadUrl(
  secret: string,
  file: string,
  query: Record<string, string | undefined>,
  now: number,
): Promise<Outcome<UploadGrant>> {
  const { kind, type, size, exp, sig } = query;
  if (!secret || !FILE_NAME.test(file) || !kind || !type || !size || !exp || !sig) return invalidLink();
  if (kind !== "event" && kind !== "partner") return invalidLink();
  const signature = fromBase64Url(sig);
  if (!signature) return invalidLink();
  const grant: UploadGrant = { key: `uploads/${file}`, kind, contentType: type, size: Number(size), exp: Number(exp) };
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), signature, grantPayload(grant));
  if (!valid) return invalidLink();
  if (!(grant.exp > now)) return fail(403, "forbidden", messages.uploadLinkExpired);
  return ok(grant);
}

/** The real type of an image from its first bytes; SVG and everything else is null. */
export function sniffImageType(head: Uint8Array): string | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

const SNIFF_BYTES = 12;

/**
 * Streams a granted upload into R2 without buffering it: the first chunk decides the real type,
 * FixedLengthStream tells R2 the length up front. The uploads row claims the key, so a URL works once.
 */
export async function storeUpload(
  db: Db,
  bucket: R2Bucket,
  grant: UploadGrant,
  body: ReadableStream<Uint8Array>,
  length: number,
  now: number,
): Promise<Outcome<{ objectPath: string }>> {
  const claimed = await db
    .insert(uploads)
    .values({ key: grant.key, kind: grant.kind, contentType: grant.contentType, size: length, createdAt: now })
    .onConflictDoNothing()
    .run();
  if (claimed.meta.changes === 0) return fail(409, "conflict", messages.uploadLinkUsed);
  const release = () => db.delete(uploads).where(eq(uploads.key, grant.key)).run();

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < SNIFF_BYTES && !done) {
    const next = await reader.read();
    done = next.done;
    if (next.value) {
      chunks.push(next.value);
      headLength += next.value.byteLength;
    }
  }
  const head = new Uint8Array(headLength);
  chunks.reduce((at, chunk) => (head.set(chunk, at), at + chunk.byteLength), 0);

  if (sniffImageType(head) !== grant.contentType) {
    await release();
    // Read the rest so the connection stays usable (see the body-draining middleware in app.ts).
    while (!done) done = (await reader.read()).done;
    return fail(415, "unsupported_media_type", UPLOAD_RULES[grant.kind].badType);
  }

  const fixed = new FixedLengthStream(length);
  const writer = fixed.writable.getWriter();
  const pump = (async () => {
    await writer.write(head);
    while (!done) {
      const next = await reader.read();
      done = next.done;
      if (next.value) await writer.write(next.value);
    }
    await writer.close();
  })();
  try {
    await Promise.all([
      bucket.put(grant.key, fixed.readable, { httpMetadata: { contentType: grant.contentType } }),
      pump,
    ]);
  } catch {
    await writer.abort().catch(() => undefined);
    await Promise.all([release(), bucket.delete(grant.key)]);
    return fail(400, "validation_failed", messages.uploadIncomplete);
  }
  return ok({ objectPath: `${OBJECT_PREFIX}${grant.key.slice("uploads/".length)}` });
}

/**
 * Spec §3: paths starting with /objects/ are kept; storage addresses containing 'uploads/' map to
 * /objects/uploads/{rest}; an upload address loses its query string. Bundled site paths
 * (/demo/…) are kept too. Anything else (other hosts, javascript:, SVG data) is null.
 */
export function normaliseImagePath(input: string): string | null {
  const path = input.trim().split(/[?#]/)[0];
  if (path.startsWith("/objects/")) return path.startsWith(OBJECT_PREFIX) && FILE_NAME.test(path.slice(OBJECT_PREFIX.length)) ? path : null;
  const at = path.indexOf("uploads/");
  if (at >= 0) {
    const file = path.slice(at + "uploads/".length);
    return FILE_NAME.test(file) ? `${OBJECT_PREFIX}${file}` : null;
  }
  return /^\/(?!\/)[A-Za-z0-9._/-]{1,300}$/.test(path) && !path.includes("..") ? path : null;
}

/** The uploads row behind an /objects/uploads/… path (null for other paths or unknown files). */
export async function findUpload(db: Db, objectPath: string) {
  if (!objectPath.startsWith(OBJECT_PREFIX)) return null;
  const key = `uploads/${objectPath.slice(OBJECT_PREFIX.length)}`;
  return (await db.select().from(uploads).where(eq(uploads.key, key)).get()) ?? null;
}

/** Cron: uploads no event or partner references, older than the grace period, leave R2 and D1. */
export async function deleteOrphanUploads(db: Db, bucket: R2Bucket, now: number, olderThanMs: number): Promise<{ deleted: number }> {
  const cutoff = now - olderThanMs;
  const path = sql`'${sql.raw(OBJECT_PREFIX)}' || substr(${uploads.key}, ${"uploads/".length + 1})`;
  const orphan = sql`${uploads.createdAt} < ${cutoff}
    and not exists (select 1 from events e where e.image_url = ${path})
    and not exists (select 1 from partners p where p.image_url = ${path})`;
  let deleted = 0;
  for (;;) {
    const batch = await db.select({ key: uploads.key }).from(uploads).where(orphan).limit(500);
    if (batch.length === 0) break;
    const keys = batch.map((r) => r.key);
    // Rows go first (re-checking the condition), so an image referenced meanwhile is never removed from R2.
    const gone = await db
      .delete(uploads)
      .where(sql`${inArray(uploads.key, keys)} and ${orphan}`)
      .returning({ key: uploads.key });
    if (gone.length) await bucket.delete(gone.map((r) => r.key));
    deleted += gone.length;
    if (batch.length < 500 || gone.length === 0) break;
  }
  return { deleted };
}
