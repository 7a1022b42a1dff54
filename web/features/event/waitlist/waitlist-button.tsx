import { lazy, Suspense, useState } from "react";
import { afterQueryLayer } from "../../../app/query-layer";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/lang";
import type { EventDto } from "../../../entities/event/types";

// The form is a chunk of its own: a visitor who never meets a sold-out event never downloads it.
const WaitlistDialog = lazy(() => afterQueryLayer(() => import("./waitlist-dialog")).then((m) => ({ default: m.WaitlistDialog })));

/** "Mettiti in lista d'attesa" under a sold-out event: a button (event page), or a link-like one inside the card's fixed height. */
export function WaitlistButton({ event, compact = false }: { event: EventDto; compact?: boolean }) {
  const tr = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!event.rates.some((r) => r.isPayable)) return null;
  const openDialog = () => {
    setUsed(true);
    setOpen(true);
  };
  return (
    <>
      {compact ? (
        <Button variant="link" size="none" className="mt-1 text-red-900! underline hover:text-red-950!" onClick={openDialog}>
          {tr.waitlist.join} →
        </Button>
      ) : (
        <Button variant="secondary" size="lg" className="w-full" onClick={openDialog}>
          {tr.waitlist.join}
        </Button>
      )}
      <Suspense fallback={null}>{used ? <WaitlistDialog event={event} open={open} onClose={() => setOpen(false)} /> : null}</Suspense>
    </>
  );
}
