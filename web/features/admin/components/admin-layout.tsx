import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { logoutAtom } from "../queries";

const t = itAdmin.header;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${isActive ? "bg-white/15 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white"}`;

export function AdminLayout({ children }: { children: ReactNode }) {
  const logout = useAtomValue(logoutAtom);
  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2.5">
            <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-500 font-bold" aria-hidden="true">
              P
            </span>
            <span className="leading-tight">
              <span className="block text-sm font-semibold">{it.common.appName}</span>
              <span className="block text-xs text-slate-400">{t.title}</span>
            </span>
          </Link>
          <nav aria-label={t.nav} className="order-3 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            <NavLink to="/admin" end className={navClass}>
              {t.dashboard}
            </NavLink>
            <NavLink to="/admin/calendario" className={navClass}>
              {t.calendar}
            </NavLink>
            <NavLink to="/admin/partner-carousel" className={navClass}>
              {t.partners}
            </NavLink>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-slate-300 sm:inline">{t.greeting}</span>
            <Link to="/" className="rounded-md px-2 py-1.5 text-slate-300 hover:bg-white/10 hover:text-white">
              {t.backToSite}
            </Link>
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="rounded-md border border-white/20 px-3 py-1.5 font-medium hover:bg-white/10 disabled:opacity-60"
            >
              {logout.isPending ? t.loggingOut : t.logout}
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">{children}</main>
    </div>
  );
}
