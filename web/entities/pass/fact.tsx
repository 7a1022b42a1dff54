import type { ReactNode } from "react";
import { CalendarIcon, CarIcon } from "../../components/icons";

/** How each fact of a booking or pass is written: what is fixed for every value of it. */
const factStyle = {
  text: "font-medium",
  when: "font-medium first-letter:uppercase",
  plate: "font-mono text-2xl font-bold tracking-wider",
  /** The plate in a list of bookings, where it is one fact among the others. */
  listedPlate: "font-mono text-base font-bold tracking-wider",
  code: "font-mono font-bold tracking-[0.2em]",
} as const;

/** One fact of a booking or a pass (when, plate, rate, code…) inside a <dl>: the same on the pass, the season pass and Le Mie Prenotazioni. */
export function Fact({ label, icon, style = "text", children }: { label: string; icon?: ReactNode; style?: keyof typeof factStyle; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-center gap-1.5 text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className={`mt-0.5 text-slate-900 ${factStyle[style]}`}>{children}</dd>
    </div>
  );
}

/** When and which car: the two facts every booking opens with, on the pass (large plate) and in a list. */
export function WhenAndPlate({ when, plate, labels, listed = false }: { when: string; plate: string; labels: { when: string; plate: string }; listed?: boolean }) {
  return (
    <>
      <Fact label={labels.when} icon={<CalendarIcon className="size-4" />} style="when">
        {when}
      </Fact>
      <Fact label={labels.plate} icon={<CarIcon className="size-4" />} style={listed ? "listedPlate" : "plate"}>
        {plate}
      </Fact>
    </>
  );
}
