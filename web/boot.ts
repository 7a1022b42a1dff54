// The home's first script (the Worker swaps it in on `/`, docs/decisions/021). The home arrives
// painted, with its data, so the app's code waits for that first paint: on a slow connection it
// would otherwise share the bandwidth with the HTML and the first card's image, and its compiling
// and hydrating would delay the paint. Every other page loads the app directly.
const app = document.querySelector<HTMLScriptElement>("script[data-app]")?.dataset.app;
let started = false;

function start() {
  if (started || !app) return;
  started = true;
  // The app's static imports, which the HTML listed as inert <meta>s: fetched beside the app itself.
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="pe-modulepreload"]')) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = meta.content;
    document.head.appendChild(link);
  }
  void import(/* @vite-ignore */ app);
}

// A tap on a button before the app is there is not lost: it starts the app at once, and the app
// clicks the button again when it has begun hydrating (main.tsx). Links work without the app.
const root = document.getElementById("root");
document.addEventListener(
  "click",
  (event) => {
    if (root?.dataset.app === "on") return;
    const button = event.target instanceof Element ? event.target.closest("button, [role=button]") : null;
    if (!button) return;
    document.querySelector("[data-early-click]")?.removeAttribute("data-early-click");
    button.setAttribute("data-early-click", "");
    start();
  },
  true,
);

// A hidden tab paints nothing, and old browsers do not report paints: a timer starts the app anyway.
setTimeout(start, 1500);
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: "paint", buffered: true });
} catch {
  start();
}
