import type { Lang } from "../../shared/lang";
import type { it } from "./it";

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

/** Every public catalogue (it.ts, en.ts, de.ts…) has exactly this shape: a missing or extra key fails typecheck. */
export type Catalogue = Widen<typeof it>;

export type { Lang };
export { LANGS } from "../../shared/lang";
