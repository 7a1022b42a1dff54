import type { ReactNode } from "react";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { TicketIcon } from "../../components/icons";
import { useT } from "../../i18n/lang";

/**
 * Why an event sells nothing now (cancelled, ended, sold out), the same words on its card and its
 * page; null while it sells. `soldOutExtra` goes under the sold-out hint (the waiting list).
 */
export function EventStatusAlert({ cancelled, ended, soldOut, soldOutTitle, soldOutExtra }: {
  cancelled: boolean;
  ended: boolean;
  soldOut: boolean;
  soldOutTitle: string;
  soldOutExtra?: ReactNode;
}) {
  const tr = useT();
  if (cancelled) return <Alert tone="error" title={tr.eventCard.cancelled}>{tr.eventCard.cancelledHint}</Alert>;
  if (ended) return <Alert tone="info" title={tr.eventCard.ended}>{tr.eventCard.endedHint}</Alert>;
  if (!soldOut) return null;
  return (
    <Alert tone="error" title={soldOutTitle}>
      {tr.eventCard.soldOutHint}
      {soldOutExtra}
    </Alert>
  );
}

/** PREVENDITA with its price, on the card and on the event's page. */
export function PresaleButton({ price, onClick, className }: { price: string; onClick: () => void; className: string }) {
  const tr = useT();
  return (
    <Button variant="accent" size="lg" onClick={onClick} className={`justify-between ${className}`}>
      <span className="inline-flex items-center gap-2">
        <TicketIcon className="size-5" />
        {tr.eventCard.presale}
      </span>
      <span>{tr.money(price)}</span>
    </Button>
  );
}

/**
 * The badge of an event that sells nothing now (Annullato, Terminato, Esaurito), and Rinviato for an
 * event moved to a new date (beside Esaurito when both hold); null for an event selling as planned.
 */
export function EventStatusBadge({ cancelled, ended, soldOut, soldOutLabel, postponed = false, className = "" }: {
  cancelled: boolean;
  ended: boolean;
  soldOut: boolean;
  soldOutLabel: string;
  postponed?: boolean;
  className?: string;
}) {
  const tr = useT();
  const badge = "rounded-full px-2.5 py-1 text-xs font-bold text-white";
  if (cancelled) return <span className={`${badge} bg-red-700 tracking-wide uppercase ${className}`}>{tr.eventCard.cancelled}</span>;
  if (ended) return <span className={`${badge} bg-slate-900 ${className}`}>{tr.eventCard.ended}</span>;
  const moved = postponed ? (
    <span data-testid="postponed-badge" className={`rounded-full bg-amber-300 px-2.5 py-1 text-xs font-bold text-slate-950 ${className}`}>
      {tr.eventCard.postponed}
    </span>
  ) : null;
  if (soldOut) return (
    <>
      {moved}
      <span className={`${badge} bg-red-600 ${className}`}>{soldOutLabel}</span>
    </>
  );
  return moved;
}
