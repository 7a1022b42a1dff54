import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useAtomValue } from "jotai";
import { useState, type ReactNode } from "react";
import { AppLink, AppNavLink } from "../../../components/app-link";
import { Button, buttonClass } from "../../../components/button";
import { ChevronDownIcon, UserIcon } from "../../../components/icons";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { ChangePasswordDialog } from "../auth/change-password-dialog";
import { logoutAtom, useStaff } from "../../../entities/staff/session";

const t = itAdmin.header;
const menuItemClass = "w-full justify-start font-normal data-focus:bg-slate-100";

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
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-6 sm:px-6">
          <AppLink to="/admin" className="flex min-w-0 items-center gap-2.5">
            <span className="flex size-8 items-center justify-center rounded-lg bg-blue-500 font-bold" aria-hidden="true">
              P
            </span>
            <span className="min-w-0 leading-tight">
              <span className="block truncate text-sm font-semibold">{it.common.appName}</span>
              <span className="block truncate text-xs text-slate-400">{t.title}</span>
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
            <AppNavLink to="/admin/statistiche" className={(state) => `${navClass(state)} hidden sm:inline-block`}>
              {t.charts}
            </AppNavLink>
          </nav>
          <div className="ml-auto hidden items-center gap-3 text-sm sm:flex">
            <span className="text-slate-300">{t.greeting(who)}</span>
            <AppLink to="/" className="rounded-md px-2 py-1.5 text-slate-300 hover:bg-white/10 hover:text-white">
              {itAdmin.backToSite}
            </AppLink>
            <Button variant="dark" size="sm" onClick={() => setChangingPassword(true)}>
              {t.changePassword}
            </Button>
            <Button variant="dark" size="sm" className="ring-1 ring-white/20" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {logoutLabel}
            </Button>
          </div>
          {/* Phones: who is logged in, and the same two actions, in one menu. */}
          <Menu as="div" className="ml-auto min-w-0 sm:hidden">
            {/* The name is the button's visible text and the end of its accessible name ("Account: …"). */}
            <MenuButton className={`${buttonClass("dark", "sm")} max-w-40 ring-1 ring-white/20`}>
              <span className="sr-only">{t.accountPrefix}</span>
              <UserIcon className="size-5 shrink-0" />
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
                <AppLink to="/admin/statistiche" className="block rounded-md px-3 py-2 data-focus:bg-slate-100">
                  {t.charts}
                </AppLink>
              </MenuItem>
              <MenuItem>
                <AppLink to="/" className="block rounded-md px-3 py-2 data-focus:bg-slate-100">
                  {itAdmin.backToSite}
                </AppLink>
              </MenuItem>
              <MenuItem>
                <Button variant="ghost" size="sm" className={menuItemClass} onClick={() => setChangingPassword(true)}>
                  {t.changePassword}
                </Button>
              </MenuItem>
              <MenuItem>
                <Button variant="ghost" size="sm" className={menuItemClass} onClick={() => logout.mutate()} disabled={logout.isPending}>
                  {logoutLabel}
                </Button>
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
