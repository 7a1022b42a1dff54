import toast from "react-hot-toast";

function Body({ title, body }: { title: string; body?: string }) {
  return (
    <div className="text-sm">
      <p className="font-semibold">{title}</p>
      {body ? <p className="mt-0.5 text-slate-600">{body}</p> : null}
    </div>
  );
}

/** Toasts with the spec's "title – description" pairs; one at a time per `id` so repeats replace. */
export const notify = {
  success: (title: string, body?: string) => toast.success(body ? <Body title={title} body={body} /> : title, { id: `ok:${title}` }),
  error: (title: string, body?: string) => toast.error(body ? <Body title={title} body={body} /> : title, { id: `err:${title}` }),
};
