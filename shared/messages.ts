/**
 * A language's texts are data (one JSON file per language and side: worker/i18n/emails/<lang>.json…),
 * written as a translator's tools write them: `{name}` for a value, and
 * `{n, plural, =1 {one spot} other {# spots}}` where the words follow a number (`=N` exact, then the
 * language's plural category, then `other`; `#` is the number). What a text needs from the code — its
 * values, in the order the code passes them — is said once for every language in a table of
 * signatures (docs/decisions/072-catalogues-as-data.md). Braces are the syntax's: a text has no others.
 */
import type { Lang } from "./lang";

type Value = string | number;
type Values = Record<string, Value>;

/** A text's parts: literal text, a value, or a plural choice over a value. */
type Part = string | { name: string } | { name: string; plural: Record<string, Part[]> };

function parse(text: string, from = 0, until?: "}"): { parts: Part[]; end: number } {
  const parts: Part[] = [];
  let literal = "";
  let i = from;
  const flush = () => {
    if (literal) parts.push(literal);
    literal = "";
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === "}" && until) {
      flush();
      return { parts, end: i + 1 };
    }
    if (ch === "#" && until) {
      flush();
      parts.push({ name: "#" });
      i++;
      continue;
    }
    if (ch !== "{") {
      literal += ch;
      i++;
      continue;
    }
    flush();
    const close = text.indexOf("}", i);
    const comma = text.indexOf(",", i);
    if (close < 0) throw new Error(`an unclosed "{" in "${text}"`);
    if (comma < 0 || comma > close) {
      parts.push({ name: text.slice(i + 1, close).trim() });
      i = close + 1;
      continue;
    }
    const name = text.slice(i + 1, comma).trim();
    const kind = text.indexOf(",", comma + 1);
    if (kind < 0 || text.slice(comma + 1, kind).trim() !== "plural") throw new Error(`only {name} and {name, plural, …} are known, in "${text}"`);
    const plural: Record<string, Part[]> = {};
    i = kind + 1;
    for (;;) {
      while (text[i] === " ") i++;
      if (text[i] === "}") {
        i++;
        break;
      }
      const open = text.indexOf("{", i);
      if (open < 0) throw new Error(`a plural choice without its text in "${text}"`);
      const selector = text.slice(i, open).trim();
      const inner = parse(text, open + 1, "}");
      plural[selector] = inner.parts;
      i = inner.end;
    }
    if (!plural.other) throw new Error(`a plural without "other" in "${text}"`);
    parts.push({ name, plural });
  }
  if (until) throw new Error(`an unclosed "{" in "${text}"`);
  flush();
  return { parts, end: i };
}

const pluralRules = new Map<string, Intl.PluralRules>();
function category(locale: string, n: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(n);
}

function render(parts: Part[], values: Values, locale: string, count?: number): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") out += part;
    else if (part.name === "#") out += String(count);
    else if (!("plural" in part)) out += String(values[part.name] ?? `{${part.name}}`);
    else {
      const n = Number(values[part.name]);
      const chosen = part.plural[`=${n}`] ?? part.plural[category(locale, n)] ?? part.plural.other;
      out += render(chosen, values, locale, n);
    }
  }
  return out;
}

/** `text` with its values filled in (`locale` picks the plural category: "it-IT", "en-GB"…). */
export function formatMessage(text: string, values: Values, locale: string): string {
  return render(parse(text).parts, values, locale);
}

/** What a text needs: the code's arguments, turned into its named values (the same for every language). */
export type Signature = (...args: never[]) => Values;
/** A signature whose values depend on the language (money, a field's name): marked by `inLanguage`. */
export type LangSignature<A extends unknown[] = never[]> = { inLanguage: (lang: Lang, ...args: A) => Values };
export type Signatures = { readonly [key: string]: Signature | LangSignature<never[]> | Signatures };

/** A signature that writes its values in the text's language. */
export const inLanguage = <A extends unknown[]>(fn: (lang: Lang, ...args: A) => Values): LangSignature<A> => ({ inLanguage: fn });

/** A catalogue as the code reads it: a text with a signature becomes a function of the signature's arguments. */
export type Compiled<J, S> = {
  readonly [K in keyof J]: K extends keyof S
    ? S[K] extends LangSignature<infer A>
      ? (...args: A) => string
      : S[K] extends (...args: infer A) => Values
        ? (...args: A) => string
        : Compiled<J[K], S[K]>
    : J[K] extends string
      ? string
      : J[K] extends readonly (infer U)[]
        ? readonly Compiled<U, unknown>[]
        : Compiled<J[K], unknown>;
};

const isLangSignature = (s: unknown): s is LangSignature => typeof s === "object" && s !== null && "inLanguage" in s;

/**
 * A language's catalogue file made the object the code reads: each text with a signature becomes a
 * function (parsed once, at its first use), every other text stays a text, with the `constants` it
 * quotes filled in (a limit the rules set, written once in the code). `locale` is how the language's
 * plural categories are found.
 */
export function compileCatalogue<J, S>(json: J, signatures: S, lang: Lang, locale: string, constants: Values = {}): Compiled<J, S> {
  const walk = (node: unknown, sig: unknown, path: string): unknown => {
    if (typeof node === "string") {
      if (sig === undefined) return node.includes("{") ? formatMessage(node, constants, locale) : node;
      const toValues = isLangSignature(sig) ? (...args: unknown[]) => sig.inLanguage(lang, ...(args as never[])) : (sig as (...args: unknown[]) => Values);
      if (typeof toValues !== "function") throw new Error(`${path}: a text where the signatures expect a group`);
      let parts: Part[] | null = null;
      return (...args: unknown[]) => render((parts ??= parse(node).parts), toValues(...args), locale);
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, undefined, `${path}[${i}]`));
    if (node && typeof node === "object") {
      if (typeof sig === "function" || isLangSignature(sig)) throw new Error(`${path}: a group where the signatures expect a text`);
      const group = (sig ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, group[key], path ? `${path}.${key}` : key)]));
    }
    return node;
  };
  return walk(json, signatures, "") as Compiled<J, S>;
}
