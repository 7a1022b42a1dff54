import type { MessageRef } from "../i18n/message-ref";
import { messages } from "../i18n/it";

/** zxcvbn's score: 0 (guessed at once) to 4. Staff passwords need 3 (about 10^8 guesses and up). */
export const MIN_PASSWORD_SCORE = 3;

type Checker = { check(password: string, userInputs?: (string | number)[]): { score: number; feedback: { warning: string | null } } };
let checker: Promise<Checker> | undefined;

// zxcvbn with the most used passwords only, not its whole common list (214 KB gzip of the Worker's
// upload): docs/decisions/035-worker-and-home-bytes.md. Loaded on the first password set, never
// on a cold start that does not need it.
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, { adjacencyGraphs }, { commonPasswords }] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("./keyboard-graphs"),
      import("./common-passwords"),
    ]);
    return new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary: { "passwords-common": commonPasswords.split("\n") } });
  })();
  return checker;
}

/** What to tell a staff member whose password is too easy to guess, by zxcvbn's warning; null when strong enough. */
export async function weakPasswordMessage(password: string, personal: string[]): Promise<MessageRef | null> {
  const words = personal.flatMap((p) => p.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  const result = (await loadChecker()).check(password, [...words, "parcheggi", "eventi", "parcheggio", "napoli", "garage", "admin"]);
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
