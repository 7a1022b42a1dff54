import { useAtom, useAtomValue } from "jotai";
import { HydrateApart } from "../../../app/hydrate-apart";
import { Alert } from "../../../components/alert";
import { TicketIcon } from "../../../components/icons";
import { LoadingState } from "../../../components/spinner";
import { useLang, useT } from "../../../i18n/lang";
import { homeCategoriesAtom, homeEventsAtom } from "../../../app/home-reads";
import { EventCard } from "./event-card";
import { selectedCategoryAtom } from "./queries";
import { Button } from "../../../components/button";
import { translated } from "../../../../shared/translations";

function Chip({ pressed, onClick, color, children }: { pressed: boolean; onClick: () => void; color?: string; children: React.ReactNode }) {
  return (
    <Button
      variant="bare"
      size="none"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ${
        pressed ? "bg-slate-900 text-white shadow-md" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100"
      }`}
    >
      {color ? <span className="size-2.5 rounded-full ring-2 ring-white/70" style={{ backgroundColor: color }} aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

export function EventGrid() {
  const tr = useT();
  const lang = useLang();
  const events = useAtomValue(homeEventsAtom);
  const categories = useAtomValue(homeCategoriesAtom);
  const [selected, setSelected] = useAtom(selectedCategoryAtom);
  const e = tr.home.events;

  const all = events.data ?? [];
  const shown = selected === null ? all : all.filter((ev) => ev.categoryId === selected);

  return (
    <section id="eventi" data-island="events" aria-labelledby="eventi-title" className="scroll-mt-16 bg-slate-50 py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h2 id="eventi-title" className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">
              {e.title}
            </h2>
            <p className="mt-2 text-slate-600">{e.subtitle}</p>
          </div>
          <div role="group" aria-label={e.filterLabel} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
            <Chip pressed={selected === null} onClick={() => setSelected(null)}>
              {e.all}
            </Chip>
            {(categories.data ?? []).map((c) => (
              <Chip key={c.id} pressed={selected === c.id} onClick={() => setSelected(c.id)} color={c.color}>
                {translated(c.name, c.nameTranslations, lang)}
              </Chip>
            ))}
          </div>
        </div>

        <div className="mt-10">
          {events.isPending ? (
            <LoadingState text={tr.common.loading} />
          ) : events.isError ? (
            <Alert tone="error" role="alert">
              {tr.common.loadError}
            </Alert>
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center rounded-3xl border-2 border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <TicketIcon className="size-10 text-slate-400" />
              <p className="mt-3 font-semibold text-slate-800">{all.length === 0 ? e.noEvents : e.noEventsInCategory}</p>
              {selected !== null ? (
                <Button variant="link" size="none" onClick={() => setSelected(null)} className="mt-3 text-sm">
                  {e.showAll}
                </Button>
              ) : null}
            </div>
          ) : (
            <ul className="grid grid-cols-1 items-start gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((event) => (
                <li key={event.id} className="render-when-near-[400px]">
                  <HydrateApart>
                    <EventCard event={event} />
                  </HydrateApart>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
