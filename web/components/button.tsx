import type { ComponentProps } from "react";

const variants = {
  primary: "bg-blue-600 text-white shadow-sm hover:bg-blue-700 focus-visible:outline-blue-600",
  secondary: "bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-blue-600",
  accent: "bg-amber-400 text-slate-950 shadow-sm hover:bg-amber-300 focus-visible:outline-amber-300",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600",
  ghost: "text-slate-700 hover:bg-slate-100 focus-visible:outline-blue-600",
  /** On a dark background (the admin's header, the gate). */
  dark: "text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-white",
  /** The gate's main actions: white on its dark screen. */
  light: "bg-white text-slate-950 hover:bg-slate-100 focus-visible:outline-white disabled:bg-slate-400 disabled:opacity-100",
  /** The gate's main actions on its amber screen. */
  ink: "bg-slate-950 text-white hover:bg-slate-800 focus-visible:outline-slate-950",
  /** "Add another": a dashed outline across the list's width. */
  dashed: "w-full border-2 border-dashed border-slate-300 text-slate-600 hover:border-blue-400 hover:text-blue-700 focus-visible:outline-blue-600",
  /** A button that reads as a link in running text ("Leggi di più", "Mostra tutti"). */
  link: "font-semibold text-blue-700 underline-offset-2 hover:underline focus-visible:outline-blue-600",
  /** Only the kit's focus and disabled look: tiles (a calendar day) style themselves. */
  bare: "focus-visible:outline-blue-600",
};
const sizes = {
  sm: "rounded-xl font-semibold px-3.5 py-2 text-sm",
  md: "rounded-xl font-semibold px-4 py-2.5 text-sm",
  lg: "rounded-xl font-semibold px-5 py-3 text-base",
  /** The gate: a thumb-sized target read from a step away. */
  xl: "min-h-16 rounded-2xl px-5 py-4 text-2xl font-black",
  /** No padding: the caller lays the content out (tiles, icons). */
  none: "",
};

export type ButtonVariant = keyof typeof variants;
type ButtonSize = keyof typeof sizes;

/** The look of every button, also for links that act as buttons (`<Link className={buttonClass(…)}>`). */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md") {
  const layout = variant === "bare" ? "" : "inline-flex items-center justify-center gap-2";
  return `${layout} transition focus-visible:outline-3 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]}`;
}

export function Button({
  variant,
  size,
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
