import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env";
import { errorBody } from "../lib/errors";
import { publicBaseUrl } from "../lib/public-base-url";
import { validate } from "../lib/validate";
import { messages } from "../i18n/it";
import { PASS_SECRET_PATTERN } from "../../shared/gate";
import { appleWalletConfig, googleWalletConfig, signingIdentityOf } from "../services/wallet/config";
import { googleSaveUrl } from "../services/wallet/google";
import { buildPkpass } from "../services/wallet/pkpass";
import { garagePlace, issueWalletPass, walletFactsBySerial } from "../services/wallet/wallet-passes";
import {
  authorisedPass,
  passesUpdatedSince,
  registerDevice,
  unregisterDevice,
} from "../services/wallet/apple-web-service";

const secretParam = z.object({ secret: z.string().regex(PASS_SECRET_PATTERN, messages.passNotFound) });
const id = z.string().min(1).max(200);
const deviceParams = z.object({ device: id, passTypeId: id, serial: id });
/** Another pass type than ours: Apple's contract answers 404 for a pass it does not know. */
const otherType = (env: Env, passTypeId: string) => appleWalletConfig(env)?.passTypeId !== passTypeId;

const PKPASS = "application/vnd.apple.pkpass";
const httpDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();

/**
 * Apple's pass web service (the pass's webServiceURL is <base>/api/wallet/apple), as Apple documents it:
 * a device registers for a pass's changes, asks which of its passes changed since a tag, fetches the
 * latest pass, and unregisters. Every pass call carries "Authorization: ApplePass <the pass's token>".
 */
const appleWebService = new Hono<AppEnv>()
  .use(async (c, next) => (appleWalletConfig(c.env) ? next() : c.body(null, 404)))
  .post("/v1/devices/:device/registrations/:passTypeId/:serial", validate("param", deviceParams), async (c) => {
    const { device, passTypeId, serial } = c.req.valid("param");
    if (otherType(c.env, passTypeId)) return c.body(null, 404);
    if (!(await authorisedPass(c.var.db, serial, c.req.header("Authorization")))) return c.body(null, 401);
    const body = z.object({ pushToken: z.string().min(1).max(200) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.body(null, 400);
    const created = await registerDevice(c.var.db, device, serial, body.data.pushToken, Date.now());
    return c.body(null, created ? 201 : 200);
  })
  .delete("/v1/devices/:device/registrations/:passTypeId/:serial", validate("param", deviceParams), async (c) => {
    const { device, passTypeId, serial } = c.req.valid("param");
    if (otherType(c.env, passTypeId)) return c.body(null, 404);
    if (!(await authorisedPass(c.var.db, serial, c.req.header("Authorization")))) return c.body(null, 401);
    await unregisterDevice(c.var.db, device, serial);
    return c.body(null, 200);
  })
  .get("/v1/devices/:device/registrations/:passTypeId", validate("param", deviceParams.pick({ device: true, passTypeId: true })), async (c) => {
    if (otherType(c.env, c.req.valid("param").passTypeId)) return c.body(null, 404);
    const since = c.req.query("passesUpdatedSince");
    const tag = since && /^\d{1,16}$/.test(since) ? Number(since) : null;
    const changed = await passesUpdatedSince(c.var.db, c.req.valid("param").device, tag);
    return changed ? c.json(changed, 200) : c.body(null, 204);
  })
  .get("/v1/passes/:passTypeId/:serial", validate("param", deviceParams.pick({ passTypeId: true, serial: true })), async (c) => {
    const { passTypeId, serial } = c.req.valid("param");
    if (otherType(c.env, passTypeId)) return c.body(null, 404);
    if (!(await authorisedPass(c.var.db, serial, c.req.header("Authorization")))) return c.body(null, 401);
    const baseUrl = publicBaseUrl(c.env, c.req.url);
    const facts = await walletFactsBySerial(c.var.db, serial, baseUrl, Date.now());
    if (!facts) return c.body(null, 404);
    const since = Date.parse(c.req.header("If-Modified-Since") ?? "");
    if (Number.isFinite(since) && Math.floor(facts.updatedAt / 1000) * 1000 <= since) return c.body(null, 304);
    const apple = appleWalletConfig(c.env)!;
    const pkpass = await buildPkpass(facts, await garagePlace(c.var.db), { passTypeId: apple.passTypeId, teamId: apple.teamId, webServiceUrl: `${baseUrl}/api/wallet/apple` }, await signingIdentityOf(apple), Date.now());
    return c.body(pkpass as Uint8Array<ArrayBuffer>, 200, { "Content-Type": PKPASS, "Last-Modified": httpDate(facts.updatedAt), "Cache-Control": "no-store" });
  })
  // Apple's devices report their errors here; nothing of them is kept.
  .post("/v1/log", (c) => c.body(null, 200));

/** The secret's pass issued for one wallet, with what its links and place read; null when the secret names no pass. */
async function issuedFor(c: Context<AppEnv>, secret: string, wallet: "apple" | "google") {
  const baseUrl = publicBaseUrl(c.env, c.req.url);
  const facts = await issueWalletPass(c.var.db, secret, wallet, baseUrl, Date.now());
  return facts && { facts, baseUrl, place: await garagePlace(c.var.db) };
}

/**
 * The pass in the phone's wallet (docs/decisions/050-wallet-passes.md), from the pass link's secret:
 * which wallets are offered, the .pkpass, and the redirect to Google's save link.
 */
export const wallet = new Hono<AppEnv>()
  .route("/apple", appleWebService)
  .get("/offered", (c) => c.json({ apple: appleWalletConfig(c.env) !== null, google: googleWalletConfig(c.env) !== null }, 200))
  .get("/:secret/apple.pkpass", validate("param", secretParam), async (c) => {
    const apple = appleWalletConfig(c.env);
    if (!apple) return c.json(errorBody("not_found", messages.walletNotOffered), 404);
    const issued = await issuedFor(c, c.req.valid("param").secret, "apple");
    if (!issued) return c.json(errorBody("not_found", messages.passNotFound), 404);
    const { facts, place, baseUrl } = issued;
    const pkpass = await buildPkpass(facts, place, { passTypeId: apple.passTypeId, teamId: apple.teamId, webServiceUrl: `${baseUrl}/api/wallet/apple` }, await signingIdentityOf(apple), Date.now());
    return c.body(pkpass as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": PKPASS,
      "Content-Disposition": `attachment; filename="pass-${facts.code}.pkpass"`,
      "Last-Modified": httpDate(facts.updatedAt),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    });
  })
  .get("/:secret/google", validate("param", secretParam), async (c) => {
    const google = googleWalletConfig(c.env);
    if (!google) return c.json(errorBody("not_found", messages.walletNotOffered), 404);
    const issued = await issuedFor(c, c.req.valid("param").secret, "google");
    if (!issued) return c.json(errorBody("not_found", messages.passNotFound), 404);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(await googleSaveUrl(google, issued.facts, issued.place, issued.baseUrl, Date.now()), 302);
  });
