import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { notify } from "../../components/notify";
import { it } from "../../i18n/it";
import { PublicLayout } from "../layout/public-layout";
import { LivePopups } from "../live-popups/live-popups";
import { EventGrid } from "./event-grid";
import { Hero } from "./hero";
import { PartnerCarousel } from "./partner-carousel";
import { Reviews } from "./reviews";

/** Stripe returns here (`/?payment=success`) after a payment that needed a redirect; the webhook settles it. */
function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const returned = params.get("payment") === "success";
  useEffect(() => {
    if (!returned) return;
    notify.success(it.checkout.successTitle, it.checkout.successText);
    setParams({}, { replace: true });
  }, [returned, setParams]);
}

export function HomePage() {
  usePaymentReturn();
  return (
    <PublicLayout>
      <Hero />
      <PartnerCarousel />
      <EventGrid />
      <Reviews />
      <LivePopups />
    </PublicLayout>
  );
}
