import { ShareIcon } from "../../../components/icons";
import { useT } from "../../../i18n/lang";
import { Button } from "../../../components/button";

/**
 * Shares an event's page: the system's share sheet where the browser has one (phones), else the link
 * copied with a toast. The toast library loads on the first tap (it is not part of the home's first load).
 * Its name is "Condividi" alone: with the title in it, it would also answer to the card's title button's name.
 */
export function ShareButton({ title, path, className, children }: { title: string; path: string; className?: string; children?: React.ReactNode }) {
  const tr = useT();
  const share = async () => {
    // Marked, so that a booking the link brings counts as a shared link's (the Worker reads it; decision 059).
    const url = new URL(`${path}?ref=share`, window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: tr.eventPage.shareText(title), url });
        return;
      } catch (err) {
        // Closing the sheet is not a failure; anything else falls back to copying.
        if (err instanceof DOMException && err.name === "AbortError") return;
      }
    }
    const { notify } = await import("../../../components/notify");
    try {
      await navigator.clipboard.writeText(url);
      notify.success(tr.eventPage.linkCopied);
    } catch {
      notify.error(tr.eventPage.copyFailed, url);
    }
  };
  return (
    <Button variant="bare" size="none" onClick={() => void share()} aria-label={children ? undefined : tr.eventPage.share} title={tr.eventPage.share} className={className}>
      <ShareIcon className="size-5 shrink-0" />
      {children}
    </Button>
  );
}
