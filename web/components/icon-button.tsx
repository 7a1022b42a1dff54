import type { ComponentProps } from "react";

const looks = {
  plain: "text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-300 disabled:hover:bg-transparent",
  /** Delete: turns red under the pointer. */
  danger: "text-slate-600 hover:bg-red-50 hover:text-red-600 disabled:text-slate-300 disabled:hover:bg-transparent",
  /** On a red surface (an error toast). */
  onDanger: "text-red-100 hover:bg-red-800",
  /** On a picture (a partner's logo): a solid red square that shows on hover and focus, always on touch. */
  dangerSolid: "bg-red-600 text-white shadow hover:bg-red-700",
};

/** A square button with only an icon: the label is its accessible name and tooltip. */
export function IconButton({
  label,
  look = "plain",
  small = false,
  className = "",
  ...props
}: ComponentProps<"button"> & { label: string; look?: keyof typeof looks; small?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`inline-flex ${small ? "size-8" : "size-9"} shrink-0 items-center justify-center rounded-lg transition focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed ${looks[look]} ${className}`}
      {...props}
    />
  );
}
