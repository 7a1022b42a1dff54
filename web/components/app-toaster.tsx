import { Toaster } from "react-hot-toast";

/** Spec §9: toasts stay 5 seconds. */
export function AppToaster() {
  return <Toaster position="top-center" toastOptions={{ duration: 5000, className: "text-sm" }} />;
}
