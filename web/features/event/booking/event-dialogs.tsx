import { lazy, useState } from "react";
import { afterQueryLayer } from "../../../app/query-layer";
import { useReturnFocus } from "../../../components/use-return-focus";
import type { EventDto, RateDto } from "../../../entities/event/types";

// Dialogs (and Headless UI with them) load when a visitor first needs one, not with the home page.
export const loadBooking = () => import("./booking-dialog");
export const loadPresale = () => import("../presale/presale-dialog");
// They write through the query cache, so they wait for the query layer too (on the home it loads on the
// first touch, and opening a dialog fetches it beside the dialog's chunk).
const BookingDialog = lazy(() => afterQueryLayer(loadBooking).then((m) => ({ default: m.BookingDialog })));
const PresaleDialog = lazy(() => afterQueryLayer(loadPresale).then((m) => ({ default: m.PresaleDialog })));

/** True from the first time `open` is on: a dialog mounted from its first opening, so closing still animates. */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/**
 * An event's booking and presale dialogs, as its card and its page open them: `book` opens the booking
 * of a rate (focus goes back to `opener` on close), `dialogs` is what to render inside a Suspense.
 */
export function useEventDialogs(event: EventDto, showPresale: boolean) {
  const [bookingRate, setBookingRate] = useState<RateDto | null>(null);
  const [presaleOpen, setPresaleOpen] = useState(false);
  const bookingUsed = useOpenedOnce(bookingRate !== null);
  const presaleUsed = useOpenedOnce(presaleOpen);
  const returnFocus = useReturnFocus();
  const book = (rate: RateDto, opener: EventTarget) => {
    returnFocus.remember(opener);
    setBookingRate(rate);
  };
  const dialogs = (
    <>
      {bookingUsed ? (
        <BookingDialog
          event={event}
          rate={bookingRate}
          onClose={() => {
            setBookingRate(null);
            returnFocus.restore();
          }}
        />
      ) : null}
      {presaleUsed && showPresale ? <PresaleDialog event={event} open={presaleOpen} onClose={() => setPresaleOpen(false)} /> : null}
    </>
  );
  return { book, openPresale: () => setPresaleOpen(true), dialogs };
}
