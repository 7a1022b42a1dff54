import type { Catalogue } from "./catalogue";
import deHome from "./de.json" with { type: "json" };
import enHome from "./en.json" with { type: "json" };
import esHome from "./es.json" with { type: "json" };
import frHome from "./fr.json" with { type: "json" };
import itHome from "./it.json" with { type: "json" };
import deLater from "./later/de.json" with { type: "json" };
import enLater from "./later/en.json" with { type: "json" };
import esLater from "./later/es.json" with { type: "json" };
import frLater from "./later/fr.json" with { type: "json" };
import itLater from "./later/it.json" with { type: "json" };
import { compileHome, type HomeFile } from "./signatures";
import { compileLater, type LaterFile } from "./later/signatures";
import type { Lang } from "../../shared/lang";

// Each language's whole catalogue (the home's texts and the later ones) by plain imports: for tests
// and browser specs, which look for the texts on screen (Playwright's loader knows no import.meta.glob).
// The app never imports this (lang.ts loads the visitor's parts, catalogues.ts gives the server renders all of them).
const whole = (home: HomeFile, later: LaterFile, lang: Lang): Catalogue => ({ ...compileHome(home, lang), ...compileLater(later, lang) });
export const it = whole(itHome, itLater, "it");
export const en = whole(enHome, enLater, "en");
export const de = whole(deHome, deLater, "de");
export const fr = whole(frHome, frLater, "fr");
export const es = whole(esHome, esLater, "es");
