import type { Translations } from "../../../shared/translations";
import { romeIso } from "../event-page";
import { longDateTime } from "../../../shared/lifecycle/dates";
import { walletCatalogues } from "./catalogue";
import type { GoogleWalletConfig } from "./config";
import { importRsaSigningKey } from "./pkcs7";
import type { GaragePlace, WalletPassFacts } from "./pkpass";

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const b64urlJson = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

/** A compact JWT signed RS256 with the service account's key (WebCrypto). */
export async function signJwt(payload: Record<string, unknown>, keyPem: string): Promise<string> {
  const input = `${b64urlJson({ alg: "RS256", typ: "JWT" })}.${b64urlJson(payload)}`;
  const key = await importRsaSigningKey(keyPem);
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(input));
  return `${input}.${b64url(new Uint8Array(signature))}`;
}

/** Google's localized string: the Italian, and every language the garage wrote (each device shows its own). */
const localized = (it: string, translations: Translations | null) => {
  const others = Object.entries(translations ?? {}).filter(([, value]) => value && value !== it);
  return { defaultValue: { language: "it", value: it }, ...(others.length ? { translatedValues: others.map(([language, value]) => ({ language, value })) } : {}) };
};

/**
 * One class per event (a booking's pass), or per season (a holder's pass: its holders keep different
 * matches, so the next match rides on the object, decision 058).
 */
const classIdOf = (google: GoogleWalletConfig, facts: WalletPassFacts) =>
  facts.season ? `${google.issuerId}.season-${facts.season.seasonId}` : `${google.issuerId}.event-${facts.eventId}`;

/** The class: the event's (or season's) name, the garage as venue, the event's start, the garage's place. */
export function eventTicketClass(google: GoogleWalletConfig, facts: WalletPassFacts, place: GaragePlace): Record<string, unknown> {
  return {
    id: classIdOf(google, facts),
    issuerName: place.name,
    reviewStatus: "UNDER_REVIEW",
    eventName: localized(facts.eventTitleIt, facts.eventTitleTranslations),
    venue: { name: localized(place.name, null), address: localized(place.address, null) },
    ...(facts.eventStart != null && !facts.isAlwaysActive && !facts.season ? { dateTime: { start: romeIso(facts.eventStart) } } : {}),
    ...(place.coordinates ? { locations: [place.coordinates] } : {}),
  };
}

/** One object per booking (or holder), in its language: plate, rate or next match, code and the gate's QR (none once void). */
export function eventTicketObject(google: GoogleWalletConfig, facts: WalletPassFacts): Record<string, unknown> {
  const t = walletCatalogues[facts.lang];
  const next = facts.season?.nextMatch;
  const scans = !facts.voided && (!facts.season || next);
  return {
    id: `${google.issuerId}.${facts.serialNumber}`,
    classId: classIdOf(google, facts),
    state: facts.voided ? "INACTIVE" : "ACTIVE",
    ticketNumber: facts.code,
    reservationInfo: { confirmationCode: facts.code },
    textModulesData: [
      ...(facts.season ? [{ id: "nextMatch", header: t.nextMatch, body: next ? `${next.title} – ${longDateTime(next.start, t.dates)}` : t.noMatch }] : []),
      { id: "plate", header: t.plate, body: facts.licensePlate },
      ...(facts.season ? [] : [{ id: "rate", header: t.rate, body: facts.rateName ?? "—" }]),
      ...(facts.voided ? [{ id: "status", header: t.status, body: t.cancelled }] : []),
    ],
    linksModuleData: { uris: [{ uri: facts.passUrl, description: t.passLink, id: "pass" }] },
    ...(scans ? { barcode: { type: "QR_CODE", value: facts.passUrl, alternateText: facts.code } } : {}),
  };
}

/** Google's "Save to Google Wallet" link: a JWT carrying the event's class and the booking's object. */
export async function googleSaveUrl(google: GoogleWalletConfig, facts: WalletPassFacts, place: GaragePlace, origin: string, now: number): Promise<string> {
  const jwt = await signJwt(
    {
      iss: google.serviceAccountEmail,
      aud: "google",
      typ: "savetowallet",
      iat: Math.floor(now / 1000),
      origins: [origin],
      payload: { eventTicketClasses: [eventTicketClass(google, facts, place)], eventTicketObjects: [eventTicketObject(google, facts)] },
    },
    google.keyPem,
  );
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

const API = "https://walletobjects.googleapis.com/walletobjects/v1";

/** An access token for the Wallet API: the service account's signed assertion exchanged at Google's token endpoint. */
async function accessToken(google: GoogleWalletConfig, now: number): Promise<string> {
  const iat = Math.floor(now / 1000);
  const assertion = await signJwt(
    { iss: google.serviceAccountEmail, scope: "https://www.googleapis.com/auth/wallet_object.issuer", aud: "https://oauth2.googleapis.com/token", iat, exp: iat + 3600 },
    google.keyPem,
  );
  const res = await fetch("https://oauth2.googleapis.com/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
  });
  if (!res.ok) throw new Error(`google token ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Google's side of a change: the event's class and the booking's object replaced by what they are now.
 * An object never saved by its holder is unknown to Google (404): nothing to update.
 */
export async function updateGoogleTicket(google: GoogleWalletConfig, classBody: Record<string, unknown>, objectBody: Record<string, unknown>, now: number): Promise<void> {
  const token = await accessToken(google, now);
  for (const [kind, body] of [["eventTicketClass", classBody], ["eventTicketObject", objectBody]] as const) {
    const res = await fetch(`${API}/${kind}/${encodeURIComponent(String(body.id))}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status === 404) return;
    if (!res.ok) throw new Error(`google ${kind} ${res.status}`);
  }
}
