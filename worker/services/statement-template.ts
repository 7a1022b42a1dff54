import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect();

/** The values a template's builder is handed: numbers and strings (a null is bound at the call). */
export type TemplateValue = number | string | null;

type Source<S extends string> = { slot: S } | { value: unknown };

export type StatementTemplate<S extends string> = {
  /** The same text on every call, parameters numbered `?1`, `?2`…. */
  text: string;
  /** The parameters of one call, each value once however often the statement names it. */
  params(values: Record<S, TemplateValue>): unknown[];
};

const SLOT = "\u0000";
const CONSTANT = "\u0001";

/**
 * A statement built by a drizzle `sql` builder, rendered once with stand-ins in place of the values
 * that change per call (`slots`) and kept as constant text. The builders splice some values into the
 * text as literals (instants, ids) and pass others as `?`: both become a numbered parameter. It is
 * rendered twice with different stand-ins, and a builder that computed something from a value (which
 * a template cannot follow: `now - window`) makes the two renderings differ: that throws. A branch on a
 * value cannot be seen that way: a template's builder branches only on the shape it is made for.
 * The booking's hot path (issue #42): fewer parameters for D1 to parse and bind, and no drizzle rendering per call.
 */
export function statementTemplate<S extends string>(
  numbers: readonly S[],
  strings: readonly S[],
  build: (values: Record<S, never>) => SQL,
): StatementTemplate<S> {
  const render = (round: number) => {
    const standIns = {} as Record<S, TemplateValue>;
    // 13-digit stand-ins (an instant's size), far from any constant a statement holds.
    numbers.forEach((slot, i) => (standIns[slot] = 7_100_000_000_000 + round * 1_000_000 + i * 1_009));
    strings.forEach((slot, i) => (standIns[slot] = `${SLOT}stand-in ${round} ${i}${SLOT}`));
    const { sql: raw, params } = dialect.sqlToQuery(build(standIns as Record<S, never>));
    if ((raw.match(/\?/g) ?? []).length !== params.length) throw new Error("statementTemplate: a '?' that is not a parameter");
    const slotOf = new Map<unknown, S>([...numbers, ...strings].map((slot) => [standIns[slot], slot]));
    const constants: unknown[] = [];
    let text = raw;
    for (const slot of numbers) text = text.replace(new RegExp(`(?<![\\d.])${standIns[slot]}(?![\\d.])`, "g"), `${SLOT}${slot}${SLOT}`);
    let next = 0;
    text = text.replace(/\?/g, () => {
      const value = params[next++];
      const slot = slotOf.get(value);
      if (slot !== undefined) return `${SLOT}${slot}${SLOT}`;
      let index = constants.findIndex((c) => c === value);
      if (index < 0) index = constants.push(value) - 1;
      return `${CONSTANT}${index}${CONSTANT}`;
    });
    if (text.includes("stand-in")) throw new Error("statementTemplate: a value was spliced into the text as a string");
    if (/7\d{12}/.test(text.replace(/(["'])(?:(?!\1).)*\1/g, ""))) throw new Error("statementTemplate: a number was derived from a value");
    // Number the parameters in order of first use.
    const sources: Source<S>[] = [];
    const numberOf = new Map<string, number>();
    const numbered = text.replace(new RegExp(`${SLOT}([^${SLOT}]+)${SLOT}|${CONSTANT}(\\d+)${CONSTANT}`, "g"), (marker, slot: string | undefined, constant: string | undefined) => {
      let n = numberOf.get(marker);
      if (n === undefined) {
        n = sources.push(slot !== undefined ? { slot: slot as S } : { value: constants[Number(constant)] });
        numberOf.set(marker, n);
      }
      return `?${n}`;
    });
    return { text: numbered, sources };
  };
  const first = render(0);
  const second = render(1);
  if (first.text !== second.text || JSON.stringify(first.sources) !== JSON.stringify(second.sources)) {
    throw new Error("statementTemplate: the builder derives something from a value; render it per call instead");
  }
  const { text, sources } = first;
  return { text, params: (values) => sources.map((s) => ("slot" in s ? values[s.slot] : s.value)) };
}
