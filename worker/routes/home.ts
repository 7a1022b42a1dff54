import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { LANG_COOKIE, pickLang } from "../../shared/lang";
import type { AppEnv } from "../app-env";
import { publicBaseUrl } from "../lib/public-base-url";
import { loadHomeData, type HomeData } from "../services/home";
import { loadHomeShell, renderHomePage } from "../services/home-page";

/** `/` runs in the Worker first (wrangler.toml `run_worker_first`): the shell with the home's data in it. */
export const home = new Hono<AppEnv>().get("/", async (c) => {
  // The language the browser will hydrate with (web/i18n/lang.ts decides the same way).
  const lang = pickLang(c.req.query("lang"), getCookie(c, LANG_COOKIE), c.req.header("Accept-Language"));
  // The build's page of each language (en/index.html, de/index.html…) has its shell and <html lang>.
  const shell = await loadHomeShell(c.env.ASSETS, lang, c.req.url);
  if (shell instanceof Response) return shell;
  if (shell.template.boot) c.set("inlineScript", shell.template.boot.cspSource);
  let data: HomeData | null = null;
  try {
    data = await loadHomeData(c.var.db, Date.now());
  } catch (err) {
    // The page still works without it: the browser then asks the API itself.
    console.error(`home data unavailable: ${(err as Error).name}`);
  }
  return renderHomePage(shell, data, lang, publicBaseUrl(c.env, c.req.url));
});
