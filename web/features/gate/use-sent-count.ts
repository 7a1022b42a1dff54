import { useCallback, useEffect, useState } from "react";

/**
 * "N scansioni inviate": a signal that comes back in bursts sends the queue over several syncs, and
 * the count adds them all up. It stays shown `shownMs` after the last sync ends, never expiring
 * while `pending` (a sync still sending, or scans still queued for the next one): a slow or broken
 * burst would otherwise restart the count half-way.
 */
export function useSentCount(pending: boolean, shownMs: number) {
  const [sent, setSent] = useState<number | null>(null);
  const add = useCallback((n: number) => {
    if (n > 0) setSent((shown) => (shown ?? 0) + n);
  }, []);
  useEffect(() => {
    if (sent === null || pending) return;
    const timer = setTimeout(() => setSent(null), shownMs);
    return () => clearTimeout(timer);
  }, [sent, pending, shownMs]);
  return [sent, add] as const;
}
