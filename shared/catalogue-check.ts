import { sameOnPurpose } from "./same-on-purpose";

/** Every path to a leaf ("home.hero.title", "home.reviews.items.0.text") with its text; a function is called with samples. */
export function leaves(value: unknown, path = ""): Map<string, { kind: string; text: string }> {
  const out = new Map<string, { kind: string; text: string }>();
  if (typeof value === "function") out.set(path, { kind: "function", text: String((value as (...a: unknown[]) => unknown)(2, "X", "Y")) });
  else if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) for (const [p, leaf] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, leaf);
  } else out.set(path, { kind: typeof value, text: String(value) });
  return out;
}

/**
 * What is wrong with a catalogue against the Italian one (and, for a third language, the English
 * one): a missing or extra key, a key of another kind, an empty text, a value the code does not
 * give, or a text left identical to
 * the Italian or the English unless it is the same on purpose (same-on-purpose.ts).
 */
export function catalogueProblems(lang: string, catalogue: unknown, italian: unknown, english: unknown, compareWith: ("it" | "en")[]): string[] {
  const mine = leaves(catalogue);
  const references = { it: leaves(italian), en: leaves(english) };
  const problems: string[] = [];
  for (const [path, leaf] of references.it) {
    const own = mine.get(path);
    if (!own) problems.push(`missing: ${path}`);
    else if (own.kind !== leaf.kind) problems.push(`${path} is a ${own.kind}, the Italian a ${leaf.kind}`);
  }
  for (const [path, leaf] of mine) {
    if (!references.it.has(path)) problems.push(`not in the Italian: ${path}`);
    if (leaf.kind === "number") continue;
    if (leaf.text.trim() === "") problems.push(`empty: ${path}`);
    // A value the code does not give (a misspelt "{evnt}") is left in the text as it was written.
    const unknown = leaf.text.match(/\{[^{}]*\}/);
    if (unknown) problems.push(`${path}: ${unknown[0]} is no value its code gives`);
    for (const other of compareWith) {
      const theirs = references[other].get(path);
      if (theirs && theirs.text === leaf.text && !sameOnPurpose(lang, leaf.text)) problems.push(`same as ${other === "it" ? "the Italian" : "the English"}: ${path} = ${JSON.stringify(leaf.text)}`);
    }
  }
  return problems;
}
