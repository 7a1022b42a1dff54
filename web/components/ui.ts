/** Shared class names, so every button and input on the public site looks and focuses the same. */
export const button = {
  base: "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
  primary: "bg-blue-600 text-white shadow-sm hover:bg-blue-700 focus-visible:outline-blue-600",
  secondary: "bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-blue-600",
  accent: "bg-amber-400 text-slate-950 shadow-sm hover:bg-amber-300 focus-visible:outline-amber-300",
  ghost: "text-slate-700 hover:bg-slate-100 focus-visible:outline-blue-600",
  md: "px-4 py-2.5 text-sm",
  lg: "px-5 py-3 text-base",
};

export const btn = (variant: "primary" | "secondary" | "accent" | "ghost", size: "md" | "lg" = "md") =>
  `${button.base} ${button[variant]} ${button[size]}`;

export const input =
  "block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-blue-600 data-invalid:ring-2 data-invalid:ring-red-500 disabled:bg-slate-50 sm:text-sm";

export const card = "rounded-2xl bg-white shadow-sm ring-1 ring-slate-200";
