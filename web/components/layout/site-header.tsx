import { lazy, Suspense, useState } from "react";
import { buttonClass } from "../button";
import { MenuIcon, PhoneIcon } from "../icons";
import { useT } from "../../i18n/lang";
import { Brand } from "./brand";
import { LanguageSwitch } from "./language-switch";
import { garage } from "../../../shared/garage";
import { NavLinks } from "./nav-links";
import { IconButton } from "../icon-button";

const loadMenu = () => import("./mobile-menu");
const MobileMenu = lazy(() => loadMenu().then((m) => ({ default: m.MobileMenu })));

export function SiteHeader() {
  const tr = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand />
        <nav aria-label={tr.layout.navLabel} className="hidden items-center gap-1 md:flex">
          <NavLinks className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900" />
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch compact />
          <a href={garage.phoneHref} className={`${buttonClass("primary")} max-lg:hidden`}>
            <PhoneIcon className="size-4" />
            <span>{garage.phoneDisplay}</span>
          </a>
          <IconButton
            label={tr.layout.openMenu}
            onPointerEnter={loadMenu}
            onFocus={loadMenu}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
            aria-expanded={menuOpen}
            className="md:hidden"
          >
            <MenuIcon className="size-6" />
          </IconButton>
        </div>
      </div>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
