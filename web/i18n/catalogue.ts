import type { Lang } from "../../shared/lang";
import type { it } from "./it";
import type { itLater } from "./later/it";

/** The shape of a catalogue: it.ts with its literal texts widened to `string`, key for key. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Widen<R>
      : T extends readonly (infer U)[]
        ? readonly Widen<U>[]
        : { readonly [K in keyof T]: Widen<T[K]> };

/** The home's texts: every public catalogue (it.ts, en.ts, de.ts…) has exactly this shape; a missing or extra key fails typecheck. */
export type HomeCatalogue = Widen<typeof it>;
/** The texts of the pages after the home (later/it.ts, later/en.ts…): a chunk of their own, so the home's first visit does not carry them. */
export type LaterCatalogue = Widen<typeof itLater>;
/** What every component reads (useT): both parts. */
export type Catalogue = HomeCatalogue & LaterCatalogue;

export type { Lang };
export { LANGS } from "../../shared/lang";
