import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { it } from "../i18n/it";
import { CloseIcon } from "./icons";

/**
 * The one dialog frame of the public site (Headless UI: focus trap, Escape, aria wiring). A
 * bottom sheet on phones, a centred card from `sm` up.
 */
export function Modal({
  open,
  onClose,
  title,
  subtitle,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/60 backdrop-blur-[2px] transition duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-4">
          <DialogPanel
            transition
            className={`w-full ${wide ? "sm:max-w-2xl" : "sm:max-w-lg"} rounded-t-3xl bg-white shadow-2xl transition duration-200 data-closed:translate-y-6 data-closed:opacity-0 sm:rounded-2xl`}
          >
            <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 pt-5 pb-4 sm:px-6">
              <div className="min-w-0">
                <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
                {subtitle ? <div className="mt-1 text-sm text-slate-600">{subtitle}</div> : null}
              </div>
              <button type="button" onClick={onClose} aria-label={it.common.close} className="-m-1.5 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
                <CloseIcon className="size-5" />
              </button>
            </div>
            <div className="px-5 py-5 sm:px-6">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
