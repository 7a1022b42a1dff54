import { useT } from "../i18n/lang";

/** The garage's latest notice about an event (pass page, event page): text only, never markup. */
export function GarageNotice({ subject, body, createdAt, postedAt, testId }: { subject: string; body: string; createdAt: string; postedAt: string; testId: string }) {
  const tr = useT();
  return (
    <section data-testid={testId} aria-labelledby={`${testId}-title`} className="rounded-2xl border-l-4 border-amber-400 bg-amber-50 p-4 text-slate-900 shadow-sm ring-1 ring-amber-200">
      <p className="text-xs font-semibold tracking-wide text-amber-900 uppercase">{tr.notices.title}</p>
      <h2 id={`${testId}-title`} className="mt-1 font-bold break-words">
        {subject}
      </h2>
      <p className="mt-1 text-sm whitespace-pre-line break-words">{body}</p>
      <p className="mt-2 text-xs text-slate-600">
        <time dateTime={createdAt}>{postedAt}</time>
      </p>
    </section>
  );
}
