import type { Translations } from "../../../shared/translations";
import { zipSync } from "fflate";
import { romeIso } from "../event-page";
import { grayPng } from "../email/qr-png";
import { walletCatalogues, type WalletLang } from "./catalogue";
import { signDetached, type SigningIdentity } from "./pkcs7";

/** What a wallet pass shows, read from the booking when the pass is asked for (wallet-passes.ts). */
export type WalletPassFacts = {
  serialNumber: string;
  authToken: string;
  bookingId: string;
  /** The booking's event; a season pass's next match (null when none is left). */
  eventId: number | null;
  lang: WalletLang;
  code: string;
  /** The pass link: what the QR encodes and the gate reads. */
  passUrl: string;
  /** In the booking's language; the Italian and English titles for Google's class. */
  eventTitle: string;
  eventTitleIt: string;
  eventTitleTranslations: Translations;
  eventStart: number | null;
  isAlwaysActive: boolean;
  rateName: string | null;
  licensePlate: string;
  /** Cancelled, refunded or its event cancelled (a season holder's pass: refunded or revoked): "Annullato", without a barcode. */
  voided: boolean;
  updatedAt: number;
  /**
   * A season holder's pass (docs/decisions/058-season-wallet-pass.md): eventTitle is the season's
   * name, eventStart the next match's; null for a booking's pass.
   */
  season: { seasonId: number; nextMatch: { eventId: number; title: string; start: number } | null } | null;
};

export type GaragePlace = { name: string; address: string; coordinates: { latitude: number; longitude: number } | null };

export type AppleSettings = { passTypeId: string; teamId: string; webServiceUrl: string };

// The garage's mark: a white "P" on the site's dark blue-grey, drawn from a 5×7 grid.
const GLYPH = ["XXXX.", "X...X", "X...X", "XXXX.", "X....", "X....", "X...."];

async function iconPng(side: number): Promise<Uint8Array> {
  const raw = new Uint8Array(side * (side + 1));
  const cell = Math.floor(side / 11);
  const left = Math.floor((side - 5 * cell) / 2);
  const top = Math.floor((side - 7 * cell) / 2);
  for (let y = 0; y < side; y++) {
    raw[y * (side + 1)] = 0;
    for (let x = 0; x < side; x++) {
      const gx = Math.floor((x - left) / cell);
      const gy = Math.floor((y - top) / cell);
      const on = x >= left && y >= top && GLYPH[gy]?.[gx] === "X";
      raw[y * (side + 1) + 1 + x] = on ? 255 : 40;
    }
  }
  return grayPng(side, side, raw);
}

/** pass.strings as Apple reads it: UTF-16 with a byte-order mark. */
function stringsFile(entries: [string, string][]): Uint8Array {
  const quote = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
  const text = entries.map(([k, v]) => `${quote(k)} = ${quote(v)};`).join("\n") + "\n";
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i] = c & 0xff;
    out[3 + 2 * i] = c >> 8;
  }
  return out;
}

/** The label keys are the booking's own words, so a phone in a third language shows the booking's. */
const LABELS = ["event", "when", "alwaysActive", "plate", "rate", "code", "address", "status", "cancelled", "passLink", "nearby", "showAtGate", "season", "nextMatch", "noMatch"] as const;

/** A season pass's face: the season, the next match and its date (moving), the plate and the holder's code. */
function seasonFields(facts: WalletPassFacts, t: (typeof walletCatalogues)[WalletLang], start: string | null) {
  const next = facts.season!.nextMatch;
  return {
    headerFields: facts.voided ? [{ key: "status", label: t.status, value: t.cancelled, changeMessage: "%@" }] : [],
    primaryFields: [{ key: "event", label: t.season, value: facts.eventTitle }],
    secondaryFields: [
      { key: "nextMatch", label: t.nextMatch, value: next?.title ?? t.noMatch, changeMessage: "%@" },
      { key: "plate", label: t.plate, value: facts.licensePlate, changeMessage: "%@" },
    ],
    auxiliaryFields: [
      ...(start ? [{ key: "when", label: t.when, value: start, dateStyle: "PKDateStyleMedium", timeStyle: "PKDateStyleShort", ignoresTimeZone: true, changeMessage: "%@" }] : []),
      { key: "code", label: t.code, value: facts.code },
    ],
  };
}

export function passJson(facts: WalletPassFacts, place: GaragePlace, apple: AppleSettings): Record<string, unknown> {
  const t = walletCatalogues[facts.lang];
  const start = facts.isAlwaysActive || facts.eventStart == null ? null : romeIso(facts.eventStart);
  const when = start
    ? { key: "when", label: t.when, value: start, dateStyle: "PKDateStyleMedium", timeStyle: "PKDateStyleShort", ignoresTimeZone: true }
    : { key: "when", label: t.when, value: t.alwaysActive };
  const pass: Record<string, unknown> = {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: facts.serialNumber,
    organizationName: place.name,
    description: facts.season ? t.seasonDescription(facts.eventTitle) : t.description(facts.eventTitle),
    logoText: place.name,
    backgroundColor: "rgb(15, 23, 42)",
    foregroundColor: "rgb(255, 255, 255)",
    labelColor: "rgb(203, 213, 225)",
    webServiceURL: apple.webServiceUrl,
    authenticationToken: facts.authToken,
    sharingProhibited: true,
    eventTicket: {
      ...(facts.season
        ? seasonFields(facts, t, start)
        : {
            headerFields: facts.voided ? [{ key: "status", label: t.status, value: t.cancelled, changeMessage: "%@" }] : [],
            primaryFields: [{ key: "event", label: t.event, value: facts.eventTitle }],
            secondaryFields: [{ ...when, changeMessage: "%@" }, { key: "plate", label: t.plate, value: facts.licensePlate, changeMessage: "%@" }],
            auxiliaryFields: [
              { key: "rate", label: t.rate, value: facts.rateName ?? "—" },
              { key: "code", label: t.code, value: facts.code },
            ],
          }),
      backFields: [
        { key: "address", label: t.address, value: `${place.name}\n${place.address}` },
        { key: "passLink", label: t.passLink, value: facts.passUrl },
      ],
    },
  };
  if (facts.voided) {
    pass.voided = true;
  } else if (!facts.season || facts.season.nextMatch) {
    // (A season with no match left to come has nothing for the gate nor the lock screen.)
    pass.barcodes = [{ format: "PKBarcodeFormatQR", message: facts.passUrl, messageEncoding: "iso-8859-1", altText: facts.code }];
    if (start) pass.relevantDate = start;
    if (place.coordinates) pass.locations = [{ ...place.coordinates, relevantText: t.nearby }];
  }
  return pass;
}

async function sha1Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The .pkpass: pass.json, the icons, one .lproj per language, manifest.json (SHA-1 of every other
 * file, as Apple's format asks) and its detached signature, zipped.
 */
export async function buildPkpass(facts: WalletPassFacts, place: GaragePlace, apple: AppleSettings, identity: SigningIdentity, now: number): Promise<Uint8Array> {
  const own = walletCatalogues[facts.lang];
  const files: Record<string, Uint8Array> = {
    "pass.json": new TextEncoder().encode(JSON.stringify(passJson(facts, place, apple))),
    "icon.png": await iconPng(29),
    "icon@2x.png": await iconPng(58),
    "icon@3x.png": await iconPng(87),
  };
  for (const [lang, t] of Object.entries(walletCatalogues)) {
    files[`${lang}.lproj/pass.strings`] = stringsFile(LABELS.map((key) => [own[key], t[key]]));
  }
  const manifest: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) manifest[name] = await sha1Hex(bytes);
  const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest));
  files["manifest.json"] = manifestBytes;
  files.signature = await signDetached(manifestBytes, identity, now);
  return zipSync(files, { level: 6, mtime: new Date(facts.updatedAt) });
}
