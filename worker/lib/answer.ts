import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode, SuccessStatusCode } from "hono/utils/http-status";
import type { InvalidJSONValue, JSONParsed, JSONValue } from "hono/utils/types";
import type { ErrorBody, Failure, FailureStatus, Outcome } from "./errors";

type Json = JSONValue | {} | InvalidJSONValue;
type AnswerStatus = Exclude<SuccessStatusCode, 204 | 205>;
type Answered<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, "json">;
export type Refused = Answered<ErrorBody, FailureStatus>;

/**
 * The one way a route turns a service's Outcome into the answer: the value as JSON with the success
 * status (200 unless told, or chosen from the value), the failure's error body with its own status.
 * A failure told apart first, where the success needs more work: `if (!result.ok) return answer(c, result)`.
 * The typed client (hc<AppType>) reads both answers' types from here.
 */
export function answer(c: Context, failure: Failure): Refused;
export function answer<T extends Json, S extends AnswerStatus = 200>(
  c: Context,
  outcome: Outcome<T>,
  status?: S | ((value: T) => S),
): Answered<T, S> | Refused;
export function answer<T extends Json, S extends AnswerStatus>(c: Context, outcome: Outcome<T>, status?: S | ((value: T) => S)) {
  if (!outcome.ok) return c.json(outcome.error, outcome.status);
  return c.json(outcome.value, typeof status === "function" ? status(outcome.value) : (status ?? 200));
}
