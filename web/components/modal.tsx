import { IconButton } from "./icon-button";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useT } from "../i18n/lang";
import { CloseIcon } from "./icons";

const widths = { sm: "sm:max-w-md", md: "sm:max-w-lg", lg: "sm:max-w-2xl", xl: "sm:max-w-4xl" };

/**
 * The one dialog frame of the app (Headless UI: focus trap, Escape, aria wiring). A bottom sheet
 * on phones, a centred card from `sm` up; a long body scrolls between the fixed title and footer.
 * `onClose` runs on Escape, a click outside and the close button; the caller may refuse.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  role,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof widths;
  role?: "dialog" | "alertdialog";
}) {
  const tr = useT();
  return (
    <Dialog open={open} onClose={onClose} role={role} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/60 backdrop-blur-[2px] transition duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-4">
          <DialogPanel
            transition
            className={`flex max-h-[calc(100dvh-1rem)] w-full min-w-0 flex-col ${widths[size]} rounded-t-3xl bg-white shadow-2xl transition duration-200 data-closed:translate-y-6 data-closed:opacity-0 sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl`}
          >
            <div className="flex shrink-0 items-start justify-between gap-4 border-b border-slate-100 px-5 pt-5 pb-4 sm:px-6">
              <div className="min-w-0">
                <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
                {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
              </div>
              <IconButton label={tr.common.close} onClick={onClose} className="-m-1.5">
                <CloseIcon className="size-5" />
              </IconButton>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
            {footer ? <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-100 bg-slate-50 px-5 py-3 sm:rounded-b-2xl sm:px-6">{footer}</div> : null}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
