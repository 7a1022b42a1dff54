import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Debian's chromium; no browser is ever downloaded here. Background networking is off because
// this machine has no internet and Chromium would otherwise keep dialling out.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Chromium's headless shell, of the same Debian build (`apt-get install chromium-headless-shell`): the
 * engine without the browser around it, what Playwright's own headless mode runs. The same suite took
 * about a fifth less time in it (docs/decisions/073-browser-suite-in-headless-shell.md). Without it,
 * every spec runs in the full browser.
 */
const shellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
export const headlessShellPath = existsSync(shellPath) ? shellPath : chromiumPath;
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Chromium's fake camera plays this file (gate.spec.ts writes its pass's QR into it before the camera
 * starts). Every browser of the suite gets the same flags: a spec with launch options of its own
 * needs a worker of its own, which Playwright starts only once the others' files are done, so the
 * gate ran alone at the end of the suite with the other worker idle (issue #42).
 */
export const fakeCameraVideo = join(tmpdir(), `pe-gate-camera-${process.env.E2E_PORT ?? 8788}.y4m`);
export const fakeCameraArgs = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${fakeCameraVideo}`];
