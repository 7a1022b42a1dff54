import { it } from "../../i18n/it";

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-slate-900">{it.notFound.title}</h1>
        <p className="mt-4 text-sm text-slate-600">{it.notFound.hint}</p>
        <a href="/" className="mt-6 inline-block text-sm font-medium text-blue-700 underline">
          {it.notFound.home}
        </a>
      </div>
    </main>
  );
}
