import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { AppLink } from "../../components/app-link";
import { CloseIcon, TicketIcon } from "../../components/icons";
import { useT } from "../../i18n/lang";
import { afterSaleView } from "../../entities/pass/after-sale";
import { bannerBookingQueryAtom, bannerEntryAtom } from "../../entities/pass/lookup";
import { dismissPassBanner, PASS_BANNER_EVENT, passBanner, rememberedBookings } from "../../entities/pass/remembered";
import { IconButton } from "../../components/icon-button";

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
  const view = afterSaleView(booking, tr);
  const tone = view.showPass ? VALID : ENDED;
  return (
    <section aria-labelledby="pass-banner-title" data-testid="pass-banner" data-state={view.label} className={`border-b ${tone.section}`}>
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6 lg:px-8">
        <TicketIcon className={`mt-0.5 size-6 shrink-0 sm:mt-0 ${tone.icon}`} />
        <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <h2 id="pass-banner-title" className={`text-sm font-bold ${tone.title}`}>
              {view.showPass ? b.title : b.endedTitle}: <span className="font-mono tracking-widest">{data.code}</span>
              <span className={`font-normal ${tone.text}`}> · {view.showPass ? data.eventTitle : booking.eventTitle}</span>
            </h2>
            {(view.showPass ? [b.text] : view.notes).map((note) => (
              <p key={note} className={`text-xs ${tone.text}`}>
                {note}
              </p>
            ))}
          </div>
          {/* A valid pass opens itself (its QR for the gate); anything else is explained in the bookings list. */}
          <AppLink to={view.showPass && booking.passSecret ? `/p/${booking.passSecret}` : "/le-mie-prenotazioni"} className={`mt-2 inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-semibold sm:mt-0 ${tone.link}`}>
            {view.showPass ? b.link : b.details}
          </AppLink>
        </div>
        <IconButton label={b.close} onClick={close} className="-m-1">
          <CloseIcon className="size-5" />
        </IconButton>
      </div>
    </section>
  );
}

// A valid pass is good news (green); a booking that ended says so without alarm (amber).
const VALID = {
  section: "border-emerald-200 bg-emerald-50",
  icon: "text-emerald-700",
  title: "text-emerald-950",
  text: "text-emerald-900",
  link: "bg-emerald-700 text-white hover:bg-emerald-800",
};
const ENDED = {
  section: "border-amber-200 bg-amber-50",
  icon: "text-amber-700",
  title: "text-amber-950",
  text: "text-amber-950",
  link: "border border-amber-400 bg-white text-amber-950 hover:bg-amber-100",
};
