import { Workbox } from "workbox-window";

function addToHead(tag: "link" | "meta", attrs: Record<string, string>) {
  const selector = tag === "link" ? `link[rel="${attrs.rel}"]` : `meta[name="${attrs.name}"]`;
  const el = document.head.querySelector(selector) ?? document.head.appendChild(document.createElement(tag));
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
}

/**
 * Makes /gate an installable app that opens without signal (docs/decisions/027-gate-app.md): the
 * manifest link (the page is the site's one index.html, so the gate adds it itself) and the service
 * worker, scoped to /gate, which precaches the gate's shell. Only the gate's lazy chunk calls this:
 * the home's JS carries none of it and never registers the worker.
 */
export function installGateApp() {
  addToHead("link", { rel: "manifest", href: "/gate.webmanifest" });
  addToHead("link", { rel: "apple-touch-icon", href: "/gate/apple-touch-icon.png" });
  addToHead("meta", { name: "theme-color", content: "#020618" });
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  void new Workbox("/gate-sw.js", { scope: "/gate" }).register().catch(() => undefined);
}
