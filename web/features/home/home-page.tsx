import { useAtomValue } from "jotai";
import { it } from "../../i18n/it";
import { eventsQueryAtom } from "./queries";

export function HomePage() {
  const { data, isPending, isError } = useAtomValue(eventsQueryAtom);
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="text-3xl font-bold">{it.common.appName}</h1>
      <h2 className="mt-8 text-xl font-semibold">{it.home.eventsTitle}</h2>
      {isPending ? (
        <p className="mt-4 text-slate-600">{it.common.loading}</p>
      ) : isError ? (
        <p className="mt-4 text-red-700">{it.common.loadError}</p>
      ) : data.length === 0 ? (
        <p className="mt-4 text-slate-600">{it.home.noEvents}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((event) => (
            <li key={event.id} className="rounded-lg bg-white p-4 shadow">
              <h3 className="font-semibold">{event.title}</h3>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
