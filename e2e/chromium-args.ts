// Debian's chromium; no browser is ever downloaded here. Background networking is off because
// this machine has no internet and Chromium would otherwise keep dialling out.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
