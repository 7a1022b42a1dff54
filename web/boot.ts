// The home's first script, inline (the Worker puts it in on `/` and on an event's page, docs/decisions/021, 043).
// The page arrives painted, with its data, and reads and scrolls without any script, so:
// - after the first paint the app's code is fetched (and compiled), not run: on a slow connection
//   it would otherwise share the bandwidth with the HTML, and its compiling would delay the paint;
// - the app runs (its chunks evaluated, the page hydrated) at the visitor's first move, or at once
//   when the page has something to do by itself (decision 043). A look at the page costs no script.
// Every other page loads the app directly.
import { ACTED_MARK, appWantedAtOnce, FIRST_ACTS, FIRST_MOVES } from "./app/boot-moment";

const app = document.querySelector<HTMLScriptElement>("script[data-app]")?.dataset.app;
// The app's static imports, which the HTML listed as inert <meta>s.
const chunks = [...document.querySelectorAll<HTMLMetaElement>('meta[name="pe-modulepreload"]')].map((meta) => meta.content);
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

let fetching: Promise<void> | null = null;
/** The app's code, fetched beside the app itself: one link per task, as each starts a fetch from script (seven in one task measured 9–44 ms in Lighthouse's traces). */
function fetchApp(): Promise<void> {
  fetching ??= (async () => {
    for (const href of [...chunks, app ?? ""].filter(Boolean)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
      await nextTask();
    }
  })();
  return fetching;
}

let started = false;
async function start() {
  if (started || !app) return;
  started = true;
  FIRST_MOVES.forEach((type) => window.removeEventListener(type, start, true));
  await fetchApp();
  // Evaluated one chunk per task (React DOM has a chunk of its own): one evaluation of the whole
  // app would be a single long task, in which a tap waits.
  for (const href of chunks) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
  await import(/* @vite-ignore */ app);
}

const wantedAtOnce = appWantedAtOnce(location.pathname, location.search, (() => {
  try {
    return localStorage;
  } catch {
    return null;
  }
})());
const afterFirstPaint = () => void (wantedAtOnce ? start() : fetchApp());
if (!wantedAtOnce) FIRST_MOVES.forEach((type) => window.addEventListener(type, start, { capture: true, passive: true }));

// A tap on a button before React listens is not lost: it starts the app at once, and the app hands
// the same click to React right after creating the root (main.tsx), which hydrates the button's part
// at once and runs its handler (decision 049). Links and the page's scrolling work without the app.
const root = document.getElementById("root");
const early = (event: Event) => root?.dataset.app !== "on" && event.target instanceof Element;
document.addEventListener(
  "click",
  (event) => {
    if (!early(event)) return;
    const button = (event.target as Element).closest("button, [role=button]");
    if (!button) return;
    document.querySelector("[data-early-click]")?.removeAttribute("data-early-click");
    button.setAttribute("data-early-click", "");
    void start();
  },
  true,
);
// What waits for the visitor's first press or key in the app (web/app/first-act.ts) knows it came already:
// marked whenever it came, since a key pressed after data-app="on" but before the app's effects listen
// (hydration runs as a transition) was otherwise lost to both.
const acted = () => {
  FIRST_ACTS.forEach((type) => window.removeEventListener(type, acted, true));
  root?.setAttribute(ACTED_MARK, "");
};
FIRST_ACTS.forEach((type) => window.addEventListener(type, acted, { capture: true, passive: true }));

// A hidden tab paints nothing, and old browsers do not report paints: a timer goes on anyway.
setTimeout(afterFirstPaint, 1500);
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(afterFirstPaint);
  }).observe({ type: "paint", buffered: true });
} catch {
  afterFirstPaint();
}
