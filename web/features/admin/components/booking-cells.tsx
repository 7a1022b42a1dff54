import { bookingCodeOf } from "../../../../shared/rules";

/** A booking's short code as the staff reads it aloud (its id's first eight characters, in capitals). */
export function BookingCode({ id, testId, title }: { id: string; testId: string; title?: string }) {
  return (
    <span data-testid={testId} className="font-mono text-sm font-semibold tracking-wide text-slate-900" title={title}>
      {bookingCodeOf(id)}
    </span>
  );
}

/** Who booked: the name, the e-mail under it. */
export function CustomerCell({ name, email }: { name: string; email: string }) {
  return (
    <>
      <p className="font-medium text-slate-900">{name}</p>
      <p className="text-xs text-slate-600">{email}</p>
    </>
  );
}
