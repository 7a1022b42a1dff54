import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useAtomValue } from "jotai";
import { useState, type ReactNode } from "react";
import { AppLink, AppNavLink } from "../../../components/app-link";
import { ChevronDownIcon } from "../../../components/icons";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { ChangePasswordDialog } from "../auth/change-password-dialog";
import { logoutAtom, useStaff } from "../queries";

const t = itAdmin.header;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm sm:px-3 font-medium transition-colors ${isActive ? "bg-white/15 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white"}`;

export function AdminLayout({ children }: { children: ReactNode }) {
  const logout = useAtomValue(logoutAtom);
  const staff = useStaff();
  const who = staff.name;
  const logoutLabel = logout.isPending ? t.loggingOut : t.logout;
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <div className="min-h-dvh bg-slate-100">
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <AppLink to="/admin" className="flex items-center gap-2.5">
            <span className="flex size-8 items-center justify-center rounded-lg bg-blue-500 font-bold" aria-hidden="true">
              P
            </span>
            <span className="leading-tight">
              <span className="block text-sm font-semibold">{it.common.appName}</span>
              <span className="block text-xs text-slate-400">{t.title}</span>
            </span>
          </AppLink>
          <nav aria-label={t.nav} className="order-3 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            <AppNavLink to="/admin" end className={navClass}>
              {t.dashboard}
            </AppNavLink>
            <AppNavLink to="/admin/calendario" className={navClass}>
              {t.calendar}
            </AppNavLink>
            <AppNavLink to="/admin/partner-carousel" className={navClass}>
              {t.partners}
            </AppNavLink>
            {/* Phones reach it from the account menu: four links do not fit the bar at 360 px. */}
            <AppNavLink to="/admin/abbonamenti" className={(state) => `${navClass(state)} hidden sm:inline-block`}>
              {t.seasons}
            </AppNavLink>
          </nav>
          <div className="ml-auto hidden items-center gap-3 text-sm sm:flex">
            <span className="text-slate-300">{t.greeting(who)}</span>
            <AppLink to="/" className="rounded-md px-2 py-1.5 text-slate-300 hover:bg-white/10 hover:text-white">
              {itAdmin.backToSite}
            </AppLink>
            <button type="button" onClick={() => setChangingPassword(true)} className="rounded-md px-2 py-1.5 text-slate-300 hover:bg-white/10 hover:text-white">
              {t.changePassword}
            </button>
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="rounded-md border border-white/20 px-3 py-1.5 font-medium hover:bg-white/10 disabled:opacity-60"
            >
              {logoutLabel}
            </button>
          </div>
          {/* Phones: who is logged in, and the same two actions, in one menu. */}
          <Menu as="div" className="ml-auto sm:hidden">
            <MenuButton aria-label={t.account(who)} className="flex max-w-44 items-center gap-2 rounded-md border border-white/20 px-2 py-1.5 text-sm hover:bg-white/10">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-blue-500 text-xs font-bold uppercase" aria-hidden="true">
                {who.charAt(0)}
              </span>
              <span className="truncate">{who}</span>
              <ChevronDownIcon className="size-4 shrink-0" />
            </MenuButton>
            <MenuItems anchor="bottom end" className="z-50 mt-1 w-60 rounded-lg bg-white p-1 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200 focus:outline-none">
              <p className="border-b border-slate-100 px-3 py-2 text-slate-600">{t.greeting(who)}</p>
              <MenuItem>
                <AppLink to="/admin/abbonamenti" className="block rounded-md px-3 py-2 data-focus:bg-slate-100">
                  {t.seasons}
                </AppLink>
              </MenuItem>
              <MenuItem>
                <AppLink to="/" className="block rounded-md px-3 py-2 data-focus:bg-slate-100">
                  {itAdmin.backToSite}
                </AppLink>
              </MenuItem>
              <MenuItem>
                <button type="button" onClick={() => setChangingPassword(true)} className="block w-full rounded-md px-3 py-2 text-left data-focus:bg-slate-100">
                  {t.changePassword}
                </button>
              </MenuItem>
              <MenuItem>
                <button type="button" onClick={() => logout.mutate()} disabled={logout.isPending} className="block w-full rounded-md px-3 py-2 text-left data-focus:bg-slate-100">
                  {logoutLabel}
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">{children}</main>
      {changingPassword ? <ChangePasswordDialog onClose={() => setChangingPassword(false)} /> : null}
    </div>
  );
}
