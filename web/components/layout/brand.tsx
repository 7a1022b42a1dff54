import { AppLink } from "../app-link";
import { useT } from "../../i18n/lang";

export function Brand({ inverted = false }: { inverted?: boolean }) {
  const tr = useT();
  return (
    <AppLink to="/" className="group flex items-center gap-2.5 rounded-lg">
      <span className="grid size-9 place-items-center rounded-xl bg-gradient-to-br from-blue-500 to-blue-700 text-lg font-black text-white shadow-md shadow-blue-600/30">
        P
      </span>
      <span className="leading-tight">
        <span className={`block text-base font-extrabold tracking-tight ${inverted ? "text-white" : "text-slate-900"}`}>{tr.common.appName}</span>
        <span className={`block text-[11px] font-medium ${inverted ? "text-slate-400" : "text-slate-600"}`}>{tr.layout.brandTagline}</span>
      </span>
    </AppLink>
  );
}
