import { and, eq, lt, or, sql } from "drizzle-orm";
import { walletPasses, walletRegistrations, walletStandInDeliveries, walletUpdates } from "../../../db/schema";
import type { Db } from "../../db";
import { appleWalletConfig, googleWalletConfig, type AppleWalletConfig, type GoogleWalletConfig } from "./config";
import { eventTicketClass, eventTicketObject, updateGoogleTicket } from "./google";
import type { GaragePlace, WalletPassFacts } from "./pkpass";
import { garagePlace, markWalletPassChanged, walletFactsBySerial } from "./wallet-passes";
import { unregisterDevice } from "./apple-web-service";

// ---- Sending the changes (the cron's "wallet-updates" task) ----

/** Apple's push service for passes: an empty notification to each device, with the pass type as topic. */
async function pushToDevice(db: Db, apple: AppleWalletConfig, pushToken: string, now: number): Promise<"sent" | "gone"> {
  if (apple.push === "stand-in") {
    await db.insert(walletStandInDeliveries).values({ channel: "apple_push", target: pushToken, body: JSON.stringify({ topic: apple.passTypeId }), createdAt: now }).run();
    return "sent";
  }
  const res = await apple.push.fetch(`https://api.push.apple.com/3/device/${pushToken}`, {
    method: "POST",
    headers: { "apns-topic": apple.passTypeId, "apns-push-type": "alert", "Content-Type": "application/json" },
    body: "{}",
  });
  if (res.status === 410) return "gone";
  if (!res.ok) throw new Error(`apple push ${res.status}`);
  return "sent";
}

async function updateGoogle(db: Db, google: GoogleWalletConfig, facts: WalletPassFacts, place: GaragePlace, now: number): Promise<void> {
  const classBody = eventTicketClass(google, facts, place);
  const objectBody = eventTicketObject(google, facts);
  if (google.api === "stand-in") {
    await db.insert(walletStandInDeliveries).values({ channel: "google_object", target: String(objectBody.id), body: JSON.stringify({ class: classBody, object: objectBody }), createdAt: now }).run();
    return;
  }
  await updateGoogleTicket(google, classBody, objectBody, now);
}

const RECLAIM_AFTER_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/**
 * Sends each queued change once: the row is claimed by one guarded UPDATE (a second cron run finds it
 * taken), then every device registered for the pass is pushed and Google's object replaced, then the
 * row is marked sent. A failure puts it back for the next minute, up to five tries; a claim left by a
 * run that died is taken again after five minutes.
 */
export async function sendWalletUpdates(db: Db, env: Env, now: number): Promise<{ sent: number; pushes: number; failed: number }> {
  const apple = appleWalletConfig(env);
  const google = googleWalletConfig(env);
  const baseUrl = (env.PUBLIC_BASE_URL ?? "").replace(/\/+$/, "");
  // A season pass moves on by itself (a match played, left, handed back or refunded): its change is found here.
  await markWalletPassChanged(db, { seasonPasses: true }, now);
  const claimed = await db
    .update(walletUpdates)
    .set({ status: "sending", claimedAt: now, attempts: sql`${walletUpdates.attempts} + 1` })
    .where(or(eq(walletUpdates.status, "queued"), and(eq(walletUpdates.status, "sending"), lt(walletUpdates.claimedAt, now - RECLAIM_AFTER_MS))))
    .returning();
  let sent = 0;
  let pushes = 0;
  let failed = 0;
  const place = claimed.length ? await garagePlace(db) : null;
  for (const update of claimed) {
    try {
      const pass = await db.select().from(walletPasses).where(eq(walletPasses.serialNumber, update.serialNumber)).get();
      if (pass && apple && pass.appleIssuedAt != null) {
        const devices = await db.select().from(walletRegistrations).where(eq(walletRegistrations.serialNumber, update.serialNumber));
        for (const device of devices) {
          if ((await pushToDevice(db, apple, device.pushToken, now)) === "gone") await unregisterDevice(db, device.deviceLibraryId, device.serialNumber);
          pushes++;
        }
      }
      if (pass && google && pass.googleIssuedAt != null) {
        const facts = await walletFactsBySerial(db, update.serialNumber, baseUrl, now);
        if (facts) await updateGoogle(db, google, facts, place!, now);
      }
      await db.update(walletUpdates).set({ status: "sent", sentAt: now }).where(eq(walletUpdates.id, update.id)).run();
      sent++;
    } catch (err) {
      console.error(`wallet update ${update.id} failed: ${(err as Error).message}`);
      await db
        .update(walletUpdates)
        .set({ status: update.attempts >= MAX_ATTEMPTS ? "failed" : "queued" })
        .where(eq(walletUpdates.id, update.id))
        .run();
      failed++;
    }
  }
  return { sent, pushes, failed };
}
