import type { Lang } from "../../shared/lang";
import type { compileHome } from "./signatures";
import type { compileLater } from "./later/signatures";

/** The home's texts: every public catalogue file (it.json, en.json, de.json…) has exactly this shape, checked by completeness.test.ts. */
export type HomeCatalogue = ReturnType<typeof compileHome>;
/** The texts of the pages after the home (later/it.json, later/en.json…): a chunk of their own, so the home's first visit does not carry them. */
export type LaterCatalogue = ReturnType<typeof compileLater>;
/** What every component reads (useT): both parts. */
export type Catalogue = HomeCatalogue & LaterCatalogue;

export type { Lang };
export { LANGS } from "../../shared/lang";
