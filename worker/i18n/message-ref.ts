/**
 * A message travels through the Worker as a reference to its catalogue key (and its parameters),
 * never as text: zod issues and error bodies carry it as a string, so it is one in the type system,
 * branded so that only a reference is accepted where a person's message is due. The answer is
 * written from the key in the request's language (`localise`), so no message is ever recognised by
 * matching its text.
 */
export type MessageRef = string & { readonly __messageRef: true };
type Param = string | number;
type Entry = string | ((...params: never[]) => string);
type Catalogue = Record<string, Entry>;
export type Refs<C extends Catalogue> = {
  [K in keyof C]: C[K] extends (...params: infer P) => string ? (...params: P) => MessageRef : MessageRef;
};

const OPEN = "\u27e6";
const CLOSE = "\u27e7";

// A trailing optional parameter left out is left out of the reference too (JSON would write it as null).
function refOf(key: string, params: (Param | undefined)[]): MessageRef {
  const given = [...params];
  while (given.length && given.at(-1) === undefined) given.pop();
  return `${OPEN}${JSON.stringify([key, ...given])}${CLOSE}` as MessageRef;
}

/** The references of a catalogue, key for key: `refs.soldOut`, `refs.textTooLong(200)`. */
export function refsOf<C extends Catalogue>(catalogue: C): Refs<C> {
  const refs: Record<string, MessageRef | ((...params: Param[]) => MessageRef)> = {};
  for (const [key, entry] of Object.entries(catalogue)) {
    refs[key] = typeof entry === "function" ? (...params: Param[]) => refOf(key, params) : refOf(key, []);
  }
  return refs as Refs<C>;
}

/** A reference's key and parameters, or null for any other text (a provider's own words). */
export function parseRef(text: string): { key: string; params: Param[] } | null {
  if (!text.startsWith(OPEN) || !text.endsWith(CLOSE)) return null;
  try {
    const [key, ...params] = JSON.parse(text.slice(OPEN.length, -CLOSE.length)) as [string, ...Param[]];
    return typeof key === "string" ? { key, params } : null;
  } catch {
    return null;
  }
}

/** The text of a reference in a catalogue; any other text as it is. */
export function textOf(text: string, catalogue: Catalogue): string {
  const ref = parseRef(text);
  const entry = ref ? catalogue[ref.key] : undefined;
  if (!ref || entry === undefined) return text;
  return typeof entry === "function" ? (entry as (...params: Param[]) => string)(...ref.params) : entry;
}
