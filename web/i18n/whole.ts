import type { Catalogue } from "./catalogue";
import { de as deHome } from "./de";
import { en as enHome } from "./en";
import { es as esHome } from "./es";
import { fr as frHome } from "./fr";
import { it as itHome } from "./it";
import { deLater } from "./later/de";
import { enLater } from "./later/en";
import { esLater } from "./later/es";
import { frLater } from "./later/fr";
import { itLater } from "./later/it";

// Each language's whole catalogue (the home's texts and the later ones) by plain imports: for tests
// and browser specs, which look for the texts on screen. The app never imports this (lang.ts loads
// the visitor's parts, catalogues.ts gives the server renders all of them).
export const it = { ...itHome, ...itLater };
export const en: Catalogue = { ...enHome, ...enLater };
export const de: Catalogue = { ...deHome, ...deLater };
export const fr: Catalogue = { ...frHome, ...frLater };
export const es: Catalogue = { ...esHome, ...esLater };
