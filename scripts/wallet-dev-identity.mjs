// A local signing identity for the wallet passes (docs/decisions/050-wallet-passes.md): a test root CA,
// an intermediate standing in for Apple's WWDR, a pass certificate and its key, and a Google service
// account key. `npm start` keeps one in .wrangler/wallet-dev/ and the worker tests make a fresh one.
// A real iPhone accepts only passes signed with the garage's own Apple certificate (README).
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export const DEV_PASS_TYPE_ID = "pass.it.parcheggieventi.dev";
export const DEV_TEAM_ID = "DEVTEAM000";
export const DEV_GOOGLE_ISSUER_ID = "3388000000000000000";
export const DEV_GOOGLE_SERVICE_ACCOUNT = "wallet-dev@parcheggi-eventi-dev.iam.gserviceaccount.com";

const RSA = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
const YEAR = 365 * 86_400_000;

const pem = (label, der) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64").match(/.{1,64}/g).join("\n")}\n-----END ${label}-----\n`;

function name(attributes) {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: attributes.map(([type, value]) => new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) })),
  });
}

async function certificate({ serial, subject, issuer, publicKey, signingKey, isCa, now }) {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: serial });
  cert.subject = name(subject);
  cert.issuer = name(issuer);
  // Ten years either side: the worker tests run at fixed instants in the past (docs/decisions/029-fixed-clocks-in-tests.md).
  cert.notBefore.value = new Date(now - 10 * YEAR);
  cert.notAfter.value = new Date(now + 10 * YEAR);
  const basic = new pkijs.BasicConstraints({ cA: isCa });
  // keyCertSign + cRLSign for the two CAs, digitalSignature for the pass certificate.
  const usage = new asn1js.BitString({ valueHex: new Uint8Array([isCa ? 0x06 : 0x80]).buffer, unusedBits: isCa ? 1 : 7 });
  cert.extensions = [
    new pkijs.Extension({ extnID: "2.5.29.19", critical: true, extnValue: basic.toSchema().toBER(false), parsedValue: basic }),
    new pkijs.Extension({ extnID: "2.5.29.15", critical: true, extnValue: usage.toBER(false) }),
  ];
  await cert.subjectPublicKeyInfo.importKey(publicKey);
  await cert.sign(signingKey, "SHA-256");
  return new Uint8Array(cert.toSchema(true).toBER(false));
}

/** PEM strings: caCert (what tests trust), wwdrCert, passCert, passKey (PKCS#8), googleKey (PKCS#8) and googlePublicKey (SPKI). */
export async function makeWalletDevIdentity(now = Date.now()) {
  const subtle = globalThis.crypto.subtle;
  const [root, wwdr, pass, google] = await Promise.all([0, 1, 2, 3].map(() => subtle.generateKey(RSA, true, ["sign", "verify"])));
  const rootName = [["2.5.4.3", "Parcheggi Eventi Test Root CA"]];
  const wwdrName = [["2.5.4.3", "Parcheggi Eventi Test WWDR"]];
  const caCert = await certificate({ serial: 1, subject: rootName, issuer: rootName, publicKey: root.publicKey, signingKey: root.privateKey, isCa: true, now });
  const wwdrCert = await certificate({ serial: 2, subject: wwdrName, issuer: rootName, publicKey: wwdr.publicKey, signingKey: root.privateKey, isCa: true, now });
  const passCert = await certificate({
    serial: 3,
    subject: [
      ["0.9.2342.19200300.100.1.1", DEV_PASS_TYPE_ID],
      ["2.5.4.3", `Pass Type ID: ${DEV_PASS_TYPE_ID}`],
      ["2.5.4.11", DEV_TEAM_ID],
    ],
    issuer: wwdrName,
    publicKey: pass.publicKey,
    signingKey: wwdr.privateKey,
    isCa: false,
    now,
  });
  return {
    caCert: pem("CERTIFICATE", caCert),
    wwdrCert: pem("CERTIFICATE", wwdrCert),
    passCert: pem("CERTIFICATE", passCert),
    passKey: pem("PRIVATE KEY", await subtle.exportKey("pkcs8", pass.privateKey)),
    googleKey: pem("PRIVATE KEY", await subtle.exportKey("pkcs8", google.privateKey)),
    googlePublicKey: pem("PUBLIC KEY", await subtle.exportKey("spki", google.publicKey)),
  };
}

/** The Worker's variables for an identity (PEMs on one line with literal \n, as .dev.vars holds them). */
export function walletDevVars(identity) {
  const line = (text) => `"${text.trim().replace(/\n/g, "\\n")}"`;
  return {
    APPLE_PASS_TYPE_ID: DEV_PASS_TYPE_ID,
    APPLE_TEAM_ID: DEV_TEAM_ID,
    APPLE_PASS_CERT: line(identity.passCert),
    APPLE_PASS_KEY: line(identity.passKey),
    APPLE_WWDR_CERT: line(identity.wwdrCert),
    GOOGLE_WALLET_ISSUER_ID: DEV_GOOGLE_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: DEV_GOOGLE_SERVICE_ACCOUNT,
    GOOGLE_WALLET_PRIVATE_KEY: line(identity.googleKey),
  };
}
