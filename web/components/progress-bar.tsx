const tones = { blue: "bg-blue-600", emerald: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-500" };

export function ProgressBar({ value, label, tone = "blue" }: { value: number; label: string; tone?: keyof typeof tones }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full rounded-full ${tones[tone]} transition-[width]`} style={{ width: `${pct}%` }} />
    </div>
  );
}
