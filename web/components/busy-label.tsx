import type { ReactNode } from "react";
import { Spinner } from "./spinner";

/** A button's content while its action runs (a spinner and `busyText`) and otherwise (`icon` and `children`). */
export function BusyLabel({ busy, busyText, icon, children }: { busy: boolean; busyText: ReactNode; icon?: ReactNode; children: ReactNode }) {
  return busy ? (
    <>
      <Spinner className="size-5" />
      {busyText}
    </>
  ) : (
    <>
      {icon}
      {children}
    </>
  );
}
