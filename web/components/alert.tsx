import type { ReactNode } from "react";
import { CheckCircleIcon, WarningIcon } from "./icons";

const tones = {
  error: "bg-red-50 text-red-800 ring-red-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  info: "bg-blue-50 text-blue-900 ring-blue-200",
};

export function Alert({ tone, title, children, role, className = "" }: { tone: keyof typeof tones; title?: string; children?: ReactNode; role?: "alert" | "status"; className?: string }) {
  const Icon = tone === "success" ? CheckCircleIcon : WarningIcon;
  return (
    <div role={role} className={`flex gap-3 rounded-xl p-4 text-sm ring-1 ${tones[tone]} ${className}`}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
      </div>
    </div>
  );
}
