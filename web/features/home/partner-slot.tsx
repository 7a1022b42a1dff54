import { lazy, Suspense, type ComponentType } from "react";

const LazyPartnerCarousel = lazy(() => import("./partner-carousel").then((m) => ({ default: m.PartnerCarousel })));

/**
 * The partners' place on the home. The Worker renders it with the real carousel and the request's
 * data (`[data-island]`); the browser hydrates it when the carousel's lazy chunk has arrived.
 */
export function PartnerSlot({ Carousel = LazyPartnerCarousel }: { Carousel?: ComponentType }) {
  return (
    <div data-island="partners">
      <Suspense fallback={null}>
        <Carousel />
      </Suspense>
    </div>
  );
}
