import { lazy, Suspense, useEffect, useState } from "react";
import { AfterHydration } from "./after-hydration";
import { afterQueryLayer } from "./query-layer";
import { whenNear } from "./when-near";
import { HydrateApart } from "./hydrate-apart";
import { useT } from "../i18n/lang";
import { useAppSearchParams } from "../lib/search-params";
import { PublicFrame } from "../components/layout/public-frame";
import { SITE_FOOTER_ID } from "../components/layout/site-footer-id";
import { PASS_BANNER_EVENT, passBanner } from "../entities/pass/remembered";
import { EventGrid } from "../features/event/card/event-grid";
import { Hero } from "../features/home/hero";
import { REVIEWS_TITLE_ID } from "../features/home/reviews-id";
import { PartnerSlot } from "../features/home/partner-slot";

// The home puts features together (its own parts, the events' grid, the live popups, the pass banner):
// like the routes, it lives in app/, the one room that may import any feature.

// Below the cards, static: the server's HTML shows them, their code loads (and hydrates them) when
// they come near the viewport or the visitor first acts.
// The footer (links and contacts, static) the same way; every other page has it in its own code (PublicLayout).
const SiteFooter = lazy(() => whenNear(SITE_FOOTER_ID).then(() => import("../components/layout/site-footer")).then((m) => ({ default: m.SiteFooter })));
const Reviews = lazy(() => whenNear(REVIEWS_TITLE_ID).then(() => import("../features/home/reviews")).then((m) => ({ default: m.Reviews })));
// The pass banner reads this device's storage, so it shows only after hydration anyway; it reads
// the pass through the query cache.
const PassBanner = lazy(() => afterQueryLayer(() => import("../features/home/pass-banner")).then((m) => ({ default: m.PassBanner })));

/**
 * The banner's code (and the pass read it makes) loads only when this device has a pass to show:
 * a first visit fetches none of it (issue #26).
 */
function PassBannerIfRemembered() {
  const [remembered, setRemembered] = useState(() => passBanner() !== null);
  useEffect(() => {
    if (remembered) return;
    const update = () => setRemembered(passBanner() !== null);
    window.addEventListener(PASS_BANNER_EVENT, update);
    return () => window.removeEventListener(PASS_BANNER_EVENT, update);
  }, [remembered]);
  return remembered ? <PassBanner /> : null;
}
const LivePopups = lazy(() => import("../features/live-popups/live-popups").then((m) => ({ default: m.LivePopups })));

/** Stripe returns here (`/?payment=success`) after a payment that needed a redirect; the webhook settles it. */
function usePaymentReturn() {
  const tr = useT();
  const [params, setParams] = useAppSearchParams();
  const returned = params.get("payment") === "success";
  useEffect(() => {
    if (!returned) return;
    // The toast library is not part of the home's first load.
    import("../components/notify").then(({ notify }) => notify.success(tr.checkout.successTitle, tr.checkout.successText)).catch(() => undefined);
    setParams({}, { replace: true });
  }, [returned, setParams]);
}

export function HomePage() {
  usePaymentReturn();
  return (
    <PublicFrame footer={<SiteFooter />} skipToEvents>
      {/* Read from this device's storage: client-only, so the server's HTML and hydration agree. */}
      <AfterHydration>
        <PassBannerIfRemembered />
      </AfterHydration>
      <HydrateApart>
        <Hero />
      </HydrateApart>
      <PartnerSlot />
      <HydrateApart>
        <EventGrid />
      </HydrateApart>
      <Suspense fallback={null}>
        <Reviews />
      </Suspense>
      <AfterHydration>
        <LivePopups />
      </AfterHydration>
    </PublicFrame>
  );
}
