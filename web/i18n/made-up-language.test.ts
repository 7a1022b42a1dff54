// The web side of the made-up language (worker/i18n/made-up-language.test.ts for the Worker): "xx"
// added to the list and a catalogue to the registry the real ones are found in, before the app's
// code loads. The build's prerender must then render a home in it (the build writes it as
// xx/index.html, vite.config.ts): it fails if the home's parts choose among the five (another
// catalogue's words, or a throw where a map of the five has no "xx"), or if the header's language
// switch does not offer it.
import { describe, expect, it, vi } from "vitest";

vi.resetModules();
const { addMadeUpLanguage, foreignTexts, MADE_UP } = await import("../../shared/test/made-up-language");
const { catalogues } = await import("./catalogues");
addMadeUpLanguage([catalogues]);
const { homeShells } = await import("../app/prerender");

describe("a made-up language added to the list and to the web's catalogues", () => {
  it("gets its own prerendered home, in its words alone, with the switch offering it", () => {
    const home = homeShells.find((shell) => shell.lang === MADE_UP);
    expect(home, "no home shell for the made-up language").toBeDefined();
    const t = catalogues[MADE_UP];
    expect(home!.meta).toEqual(t.meta);
    expect(home!.shell).toContain(t.home.hero.title);
    expect(home!.shell).toContain('title="Xxish"');
    // The shell's text nodes; a garage's own words ("Parcheggi Eventi", its address in Napoli) hold
    // other languages' short words, so a short text counts only as a whole node.
    const nodes = home!.shell
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .split(/<[^>]*>/)
      .map((node) => node.trim())
      .filter(Boolean);
    expect(foreignTexts(catalogues).filter((foreign) => nodes.some((node) => node === foreign || (foreign.length >= 12 && node.includes(foreign))))).toEqual([]);
  });
});
