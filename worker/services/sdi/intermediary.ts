import { isDemoMode } from "../demo-mode";
import { sdiStandIn } from "./stand-in";
import type { SdiIntermediary, SdiOutcome } from "./types";

export type { SdiIntermediary, SdiOutcome } from "./types";

export type SdiMode = "live" | "demo" | "off";

/** Which sending runs: the configured intermediary, the local stand-in (only in demo mode), or none. */
export function sdiMode(env: Pick<Env, "SDI_INTERMEDIARY" | "SDI_API_BASE" | "SDI_API_TOKEN" | "PUBLIC_BASE_URL" | "DEMO_MODE">): SdiMode {
  if (env.SDI_INTERMEDIARY && env.SDI_API_BASE && env.SDI_API_TOKEN) return "live";
  return isDemoMode(env) ? "demo" : "off";
}

/** The intermediary chosen by configuration; null when there is none: invoices stay "da inviare" and the owner downloads the XML. */
export function createSdiIntermediary(env: Pick<Env, "SDI_INTERMEDIARY" | "SDI_API_BASE" | "SDI_API_TOKEN" | "PUBLIC_BASE_URL" | "DEMO_MODE">): SdiIntermediary | null {
  const mode = sdiMode(env);
  if (mode === "demo") return sdiStandIn;
  if (mode === "off") return null;
  switch (env.SDI_INTERMEDIARY) {
    case "acube":
      return acube(env.SDI_API_BASE, env.SDI_API_TOKEN);
    default:
      // An unknown name is a configuration mistake: no sending rather than a guess.
      console.error(`SDI_INTERMEDIARY "${env.SDI_INTERMEDIARY}" is not known; invoices stay "da inviare"`);
      return null;
  }
}

/** SdI's notification types that end a file's journey (RC ricevuta di consegna, MC mancata consegna: in the cassetto fiscale; NS scarto). */
export function outcomeOfNotifications(list: { type?: string; message?: unknown }[]): SdiOutcome {
  const scarto = list.find((n) => n.type === "NS");
  if (scarto) return { state: "discarded", reason: reasonText(scarto.message) };
  if (list.some((n) => n.type === "RC" || n.type === "MC")) return { state: "delivered" };
  return { state: "sent" };
}

function reasonText(message: unknown): string {
  if (typeof message === "string") return message.slice(0, 1000);
  return JSON.stringify(message ?? "").slice(0, 1000) || "Scartata da SdI";
}

/**
 * A-Cube (acubeapi.com), an accredited channel: the FatturaPA XML is POSTed to /invoices and answered
 * with its uuid; SdI's notifications of it are read from /invoices/<uuid>/notifications. The bearer
 * token is the secret SDI_API_TOKEN.
 */
function acube(base: string, token: string): SdiIntermediary {
  const root = base.replace(/\/+$/, "");
  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${root}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...init.headers } });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json<unknown>();
  };
  return {
    name: "acube",
    async send(file) {
      const body = (await call("/invoices", { method: "POST", body: file.xml, headers: { "Content-Type": "application/xml", "X-File-Name": file.fileName } })) as { uuid?: string };
      if (!body.uuid) throw new Error("the intermediary answered without an id");
      return { transmissionId: body.uuid };
    },
    async outcome(transmissionId) {
      const body = (await call(`/invoices/${encodeURIComponent(transmissionId)}/notifications`, { method: "GET" })) as
        | { type?: string; message?: unknown }[]
        | { "hydra:member"?: { type?: string; message?: unknown }[] };
      return outcomeOfNotifications(Array.isArray(body) ? body : (body["hydra:member"] ?? []));
    },
  };
}
