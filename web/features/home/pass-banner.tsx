import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { AppLink } from "../../components/app-link";
import { CloseIcon, TicketIcon } from "../../components/icons";
import { useT } from "../../i18n/lang";
import { afterSaleView } from "../my-bookings/after-sale";
import { bannerBookingQueryAtom, bannerEntryAtom } from "../my-bookings/queries";
import { dismissPassBanner, PASS_BANNER_EVENT, passBanner, rememberedBookings } from "../my-bookings/remembered";

/** After a payment the checkout sends the customer home: the pass stays one tap away until closed. */
export function PassBanner() {
  const tr = useT();
  const b = tr.passBanner;
  const [data, setData] = useState(passBanner);
  useEffect(() => {
    // A presale is paid in a modal over the home: its pass shows up at once.
    const update = () => setData(passBanner());
    window.addEventListener(PASS_BANNER_EVENT, update);
    return () => window.removeEventListener(PASS_BANNER_EVENT, update);
  }, []);
  const setEntry = useSetAtom(bannerEntryAtom);
  useEffect(() => setEntry(data ? (rememberedBookings().find((e) => e.code === data.code) ?? null) : null), [data, setEntry]);
  // What the device remembers is only which booking: whether it still has a pass is the server's answer.
  const booking = useAtomValue(bannerBookingQueryAtom).data;
  if (!data || !booking || booking.code !== data.code) return null;
  const close = () => {
    dismissPassBanner();
    setData(null);
  };
  const view = afterSaleView(booking, tr.myBookings);
  if (!view.showPass) {
    return (
      <section aria-labelledby="pass-banner-title" data-testid="pass-banner" data-state={view.label} className="border-b border-amber-200 bg-amber-50">
        <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6 lg:px-8">
          <TicketIcon className="mt-0.5 size-6 shrink-0 text-amber-700 sm:mt-0" />
          <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <h2 id="pass-banner-title" className="text-sm font-bold text-amber-950">
                {b.endedTitle}: <span className="font-mono tracking-widest">{data.code}</span>
                <span className="font-normal text-amber-900"> · {booking.eventTitle}</span>
              </h2>
              {view.notes.map((note) => (
                <p key={note} className="text-xs text-amber-950">
                  {note}
                </p>
              ))}
            </div>
            <AppLink
              to="/le-mie-prenotazioni"
              className="mt-2 inline-flex items-center rounded-lg border border-amber-400 bg-white px-3 py-1.5 text-sm font-semibold text-amber-950 hover:bg-amber-100 sm:mt-0"
            >
              {b.details}
            </AppLink>
          </div>
          <button type="button" onClick={close} aria-label={b.close} className="-m-1 rounded-lg p-1.5 text-amber-800 hover:bg-amber-100">
            <CloseIcon className="size-5" />
          </button>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="pass-banner-title" data-testid="pass-banner" data-state={view.label} className="border-b border-emerald-200 bg-emerald-50">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6 lg:px-8">
        <TicketIcon className="mt-0.5 size-6 shrink-0 text-emerald-700 sm:mt-0" />
        <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <h2 id="pass-banner-title" className="text-sm font-bold text-emerald-950">
              {b.title}: <span className="font-mono tracking-widest">{data.code}</span>
              <span className="font-normal text-emerald-900"> · {data.eventTitle}</span>
            </h2>
            <p className="text-xs text-emerald-900">{b.text}</p>
          </div>
          <AppLink
            to="/le-mie-prenotazioni"
            className="mt-2 inline-flex items-center rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 sm:mt-0"
          >
            {b.link}
          </AppLink>
        </div>
        <button type="button" onClick={close} aria-label={b.close} className="-m-1 rounded-lg p-1.5 text-emerald-800 hover:bg-emerald-100">
          <CloseIcon className="size-5" />
        </button>
      </div>
    </section>
  );
}
