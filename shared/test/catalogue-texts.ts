/** Every path to a leaf ("home.hero.title", "labels.qrAlt", "home.reviews.items.0.text") with its value. */
export function leafValues(value: unknown, path = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) for (const [p, leaf] of leafValues(child, path ? `${path}.${key}` : key)) out.set(p, leaf);
  } else out.set(path, value);
  return out;
}

/** Sample arguments no text contains: each one the Italian text shows must show in a translation too. */
export const SAMPLES = ["\u27e8a\u27e9", "\u27e8b\u27e9", "\u27e8c\u27e9"];

/** A leaf's words: a text as it is, a parametrised one said with `args`. */
export const said = (leaf: unknown, args: unknown[]) => (typeof leaf === "function" ? String((leaf as (...a: unknown[]) => unknown)(...args)) : leaf);

/** Every text of a catalogue, functions called with a sample argument. */
export function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return texts((value as (...a: unknown[]) => unknown)(2, "X", "Y"));
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}
