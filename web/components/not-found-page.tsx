import { useT } from "../i18n/lang";
import { AppLink } from "./app-link";
import { cardClass } from "./card";

/** The one "page not found": full screen on the public site, inside the layout in the admin (`framed`). */
export function NotFoundPage({ backTo = "/", backLabel, framed = false }: { backTo?: string; backLabel?: string; framed?: boolean }) {
  const tr = useT();
  const card = (
    <div className={`${cardClass} w-full max-w-md p-8`}>
      <h1 className="text-2xl font-bold text-slate-900">{tr.notFound.title}</h1>
      <p className="mt-4 text-sm text-slate-600">{tr.notFound.hint}</p>
      <AppLink to={backTo} className="mt-6 inline-block text-sm font-medium text-blue-700 underline">
        {backLabel ?? tr.notFound.home}
      </AppLink>
    </div>
  );
  if (framed) return <div className="flex justify-center py-10">{card}</div>;
  return <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">{card}</main>;
}
