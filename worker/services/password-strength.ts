import { eq } from "drizzle-orm";
import { referenceTexts } from "../../db/schema";
import type { Db } from "../db";
import type { MessageRef } from "../i18n/message-ref";
import { messages } from "../i18n/it";

/** zxcvbn's score: 0 (guessed at once) to 4. Staff passwords need 3 (about 10^8 guesses and up). */
export const MIN_PASSWORD_SCORE = 3;

/** The reference_texts row of the most used passwords (db/migrations/0014_common-passwords.sql). */
export const COMMON_PASSWORDS = "common-passwords";

type Checker = { check(password: string, userInputs?: (string | number)[]): { score: number; feedback: { warning: string | null } } };
let checker: Promise<Checker> | undefined;

// zxcvbn with the most used passwords only, not its whole common list, and that list read from D1
// (reference_texts), not carried in the Worker's script: docs/decisions/035-worker-and-home-bytes.md.
// Loaded on an isolate's first password set, never on a cold start that does not need it.
function loadChecker(db: Db): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, { adjacencyGraphs }, [list]] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("./keyboard-graphs"),
      db.select({ body: referenceTexts.body }).from(referenceTexts).where(eq(referenceTexts.name, COMMON_PASSWORDS)),
    ]);
    // Without its list the check would pass common passwords: refuse to guess (a 500 the staff sees).
    if (!list) throw new Error(`reference_texts has no "${COMMON_PASSWORDS}": apply the migrations`);
    return new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary: { "passwords-common": list.body.split("\n") } });
  })().catch((err: unknown) => {
    checker = undefined;
    throw err;
  });
  return checker;
}

/** What to tell a staff member whose password is too easy to guess, by zxcvbn's warning; null when strong enough. */
export async function weakPasswordMessage(db: Db, password: string, personal: string[]): Promise<MessageRef | null> {
  const words = personal.flatMap((p) => p.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  const result = (await loadChecker(db)).check(password, [...words, "parcheggi", "eventi", "parcheggio", "napoli", "garage", "admin"]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  switch (result.feedback.warning) {
    case "topTen":
    case "topHundred":
    case "common":
    case "similarToCommon":
      return messages.passwordCommon;
    case "userInputs":
      return messages.passwordPersonal;
    case "straightRow":
    case "keyPattern":
    case "simpleRepeat":
    case "extendedRepeat":
    case "sequences":
      return messages.passwordPattern;
    case "dates":
    case "recentYears":
      return messages.passwordDates;
    default:
      return messages.passwordWeak;
  }
}
