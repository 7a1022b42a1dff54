import type { MessageRef } from "../i18n/message-ref";
import type { ClientErrorStatusCode, ServerErrorStatusCode } from "hono/utils/http-status";

export type ErrorCode =
  | "validation_failed"
  | "invalid_json"
  | "not_found"
  | "sold_out"
  | "conflict"
  | "event_ended"
  | "event_cancelled"
  | "repeat_plate"
  | "booking_cap"
  | "unauthorized"
  | "forbidden"
  | "rate_limited"
  | "payload_too_large"
  | "unsupported_media_type"
  | "payment_failed"
  | "refund_failed"
  | "payments_unavailable"
  | "internal";

export type ErrorIssue = { path: string; message: string };
export type ErrorBody = { error: { code: ErrorCode; message: MessageRef; issues?: ErrorIssue[] } };

/** `message` is a reference to a catalogue key: the answer is written from it in the request's language. */
export function errorBody(code: ErrorCode, message: MessageRef, issues?: ErrorIssue[]): ErrorBody {
  return { error: issues?.length ? { code, message, issues } : { code, message } };
}

/** Error statuses only, so a typed client never mistakes a failure's body for a success answer. */
export type FailureStatus = ClientErrorStatusCode | ServerErrorStatusCode;

/**
 * The one way a service reports an expected failure: `return fail(404, "not_found", messages.eventNotFound)`.
 * Routes answer with `answer(c, result)` (lib/answer.ts).
 */
export type Failure = { ok: false; status: FailureStatus; error: ErrorBody };
export type Success<T> = { ok: true; value: T };
export type Outcome<T> = Success<T> | Failure;

export function fail(status: FailureStatus, code: ErrorCode, message: MessageRef, issues?: ErrorIssue[]): Failure {
  return { ok: false, status, error: errorBody(code, message, issues) };
}

export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}
