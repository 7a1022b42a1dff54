import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { buttonClass } from "../button";
import { CloseIcon, PhoneIcon } from "../icons";
import { useT } from "../../i18n/lang";
import { garage } from "../../../shared/garage";
import { LanguageSwitch } from "./language-switch";
import { NavLinks } from "./nav-links";
import { IconButton } from "../icon-button";

/** The side menu of small screens (loaded on first use: Headless UI stays out of the home bundle). */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tr = useT();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 md:hidden">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/50 transition duration-200 data-closed:opacity-0" />
      <DialogPanel
        transition
        className="fixed inset-y-0 right-0 flex w-[min(20rem,85vw)] flex-col bg-white shadow-2xl transition duration-200 ease-out data-closed:translate-x-full"
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
          <DialogTitle className="text-base font-bold text-slate-900">{tr.layout.menuTitle}</DialogTitle>
          <IconButton label={tr.layout.closeMenu} onClick={onClose}>
            <CloseIcon className="size-6" />
          </IconButton>
        </div>
        <nav aria-label={tr.layout.navLabel} className="flex flex-col gap-1 p-3">
          <NavLinks onNavigate={onClose} className="rounded-xl px-4 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100" />
        </nav>
        <div className="mt-auto space-y-3 border-t border-slate-100 p-4">
          <LanguageSwitch className="w-fit" />
          <a href={garage.phoneHref} className={`${buttonClass("primary", "lg")} w-full`}>
            <PhoneIcon className="size-5" />
            {tr.layout.callUs} {garage.phoneDisplay}
          </a>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
