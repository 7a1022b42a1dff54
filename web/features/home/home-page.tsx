import { PublicLayout } from "../layout/public-layout";
import { LivePopups } from "../live-popups/live-popups";
import { EventGrid } from "./event-grid";
import { Hero } from "./hero";
import { PartnerCarousel } from "./partner-carousel";
import { Reviews } from "./reviews";

export function HomePage() {
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
