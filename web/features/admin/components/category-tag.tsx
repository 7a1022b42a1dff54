/** A category's name on a light tint of its colour: readable whatever colour the admin picked. */
export function CategoryTag({ name, color }: { name: string; color: string }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium text-slate-800 ring-1"
      style={{ backgroundColor: `${color}1f`, ["--tw-ring-color" as string]: `${color}66` }}
    >
      <span className="size-2 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
      {name}
    </span>
  );
}
