import { lazy, Suspense, useState } from "react";
import { afterQueryLayer } from "../../app/query-layer";
import { Button } from "../../components/button";
import { useT } from "../../i18n/lang";
import type { EventDto } from "../event-card/types";

// The form is a chunk of its own: a visitor who never meets a sold-out event never downloads it.
const WaitlistDialog = lazy(() => afterQueryLayer(() => import("./waitlist-dialog")).then((m) => ({ default: m.WaitlistDialog })));

/** "Mettiti in lista d'attesa" under a sold-out event (card and event page). */
export function WaitlistButton({ event }: { event: EventDto }) {
  const tr = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!event.rates.some((r) => r.isPayable)) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {tr.waitlist.join}
      </Button>
      <Suspense fallback={null}>{used ? <WaitlistDialog event={event} open={open} onClose={() => setOpen(false)} /> : null}</Suspense>
    </>
  );
}
