import { useAtomValue } from "jotai";
import { buttonClass } from "../../components/button";
import { CarIcon, CheckIcon, PhoneIcon, TicketIcon } from "../../components/icons";
import { useT } from "../../i18n/lang";
import { homeStatsAtom } from "../../app/home-reads";
import { garage } from "../../../shared/garage";

function Stat({ value, label, icon }: { value: number | undefined; label: string; icon: React.ReactNode }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-white/10 p-4 ring-1 ring-white/15 backdrop-blur sm:p-5">
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-amber-400 text-slate-950">{icon}</span>
      <div>
        <p className="text-3xl font-black text-white tabular-nums sm:text-4xl" aria-busy={value === undefined}>
          {value ?? "–"}
        </p>
        <p className="text-sm font-medium text-blue-100">{label}</p>
      </div>
    </div>
  );
}

/** Live figures: rendered by the Worker with the request's data (`[data-island]`), hydrated by the browser. */
export function HeroStats() {
  const tr = useT();
  const stats = useAtomValue(homeStatsAtom);
  const h = tr.home.hero;
  return (
    <div data-island="hero-stats" aria-label={h.statsLabel} role="group" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1">
      <Stat value={stats.data?.activeEvents} label={h.activeEvents} icon={<TicketIcon className="size-6" />} />
      <Stat value={stats.data?.freeSpots} label={h.freeSpots} icon={<CarIcon className="size-6" />} />
      <p className="flex items-center gap-2 text-xs text-slate-400 sm:col-span-2 lg:col-span-1">
        <span className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-emerald-400" />
        </span>
        {h.statsLabel}
      </p>
    </div>
  );
}

export function Hero() {
  const tr = useT();
  const h = tr.home.hero;
  return (
    <section className="relative isolate overflow-hidden bg-slate-950">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,rgba(37,99,235,0.55),transparent),radial-gradient(40rem_24rem_at_95%_110%,rgba(245,158,11,0.25),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(white_1px,transparent_1px),linear-gradient(90deg,white_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.25fr_1fr] lg:px-8 lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-blue-100 ring-1 ring-white/20">
            <span className="size-1.5 rounded-full bg-amber-400" aria-hidden="true" />
            {h.badge}
          </p>
          <h1 className="mt-5 text-4xl leading-[1.1] font-black tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">{h.title}</h1>
          <p className="mt-5 max-w-xl text-base leading-7 text-pretty text-slate-300 sm:text-lg">{h.subtitle}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#eventi" className={buttonClass("accent", "lg")}>
              <TicketIcon className="size-5" />
              {h.ctaEvents}
            </a>
            <a href={garage.phoneHref} className={`${buttonClass("secondary", "lg")} bg-white/10 text-white ring-white/30 hover:bg-white/20`}>
              <PhoneIcon className="size-5" />
              {h.call} · {garage.phoneDisplay}
            </a>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-slate-300 sm:grid-cols-3">
            {h.trust.map((t) => (
              <li key={t} className="flex items-center gap-2">
                <CheckIcon className="size-4 shrink-0 text-amber-400" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <HeroStats />
      </div>
    </section>
  );
}
