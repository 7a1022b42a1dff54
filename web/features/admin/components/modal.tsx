import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { it } from "../../../i18n/it";

type ModalProps = {
  open: boolean;
  /** Called on Escape, backdrop click and the close button; the caller may refuse (e.g. while uploading). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
};

const widths = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };

/** The admin's one dialog frame: Headless UI for focus trap, Escape and aria wiring. */
export function Modal({ open, onClose, title, description, children, footer, size = "md" }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-start justify-center p-2 sm:items-center sm:p-6">
          <DialogPanel className={`flex max-h-[calc(100dvh-1rem)] w-full ${widths[size]} flex-col rounded-xl bg-white shadow-2xl sm:max-h-[calc(100dvh-3rem)]`}>
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
              <div>
                <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
                {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
              </div>
              <button
                type="button"
                onClick={onClose}
                className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-800"
                aria-label={it.common.close}
              >
                <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
            {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3 rounded-b-xl">{footer}</div> : null}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
