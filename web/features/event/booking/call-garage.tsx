import type { ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { Button, buttonClass } from "../../../components/button";
import { PhoneIcon } from "../../../components/icons";
import { useT } from "../../../i18n/lang";
import { garage } from "../../../../shared/garage";

/** What a dialog shows instead of its form when the spot cannot be paid online: why, and the garage's phone. */
export function CallGarage({ summary, title, onClose }: { summary: ReactNode; title: string; onClose: () => void }) {
  const tr = useT();
  return (
    <div className="space-y-4">
      {summary}
      <Alert tone="warning" title={title}>
        {tr.booking.contactGarage}
      </Alert>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <a href={garage.phoneHref} className={buttonClass("primary", "lg")}>
          <PhoneIcon className="size-5" />
          {garage.phoneDisplay}
        </a>
        <Button onClick={onClose} variant="secondary" size="lg">
          {tr.common.close}
        </Button>
      </div>
    </div>
  );
}
