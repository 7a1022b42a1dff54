// The home's first script (the Worker swaps it in on `/`, docs/decisions/021). The home arrives
// painted, with its data, so the app's code waits for that first paint: on a slow connection it
// would otherwise share the bandwidth with the HTML and the first card's image, and its compiling
// and hydrating would delay the paint. Every other page loads the app directly.
const app = document.querySelector<HTMLScriptElement>("script[data-app]")?.dataset.app;
let started = false;

async function start() {
  if (started || !app) return;
  started = true;
  // The app's static imports, which the HTML listed as inert <meta>s: fetched beside the app itself.
  const chunks = [...document.querySelectorAll<HTMLMetaElement>('meta[name="pe-modulepreload"]')].map((meta) => meta.content);
  // One link per task: each starts a fetch from script, and the seven in one task measured 9–44 ms
  // in Lighthouse's traces (a long task on a phone).
  for (const href of chunks) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
    await new Promise((resolve) => setTimeout(resolve));
  }
  // Evaluated one chunk per task (React DOM has a chunk of its own): one evaluation of the whole
  // app would be a single long task, in which a tap waits.
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await new Promise((resolve) => setTimeout(resolve));
  }
  await import(/* @vite-ignore */ app);
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
    void start();
  },
  true,
);

// A hidden tab paints nothing, and old browsers do not report paints: a timer starts the app anyway.
setTimeout(() => void start(), 1500);
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(() => void start());
  }).observe({ type: "paint", buffered: true });
} catch {
  void start();
}
