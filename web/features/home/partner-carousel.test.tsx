import { act, cleanup, render, screen } from "@testing-library/react";
import { Provider } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppStore, createQueryClient } from "../../app/query-client";
import { queryKeys } from "../../lib/query-keys";
import { italianLanguage } from "../../test/italian";
import { PartnerCarousel } from "./partner-carousel";

const partners = [
  { id: 1, name: "Pizzeria Vesuvio", imageUrl: "/demo/partners/pizzeria-vesuvio.webp", isActive: true, sortOrder: 1 },
  { id: 2, name: "Caffè Partenope", imageUrl: "/demo/partners/caffe-partenope.webp", isActive: true, sortOrder: 2 },
];

function mount(settings: { isEnabled: boolean; scrollSpeed: number; frameRate: number }, reducedMotion = false) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: reducedMotion, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.partners, partners);
  queryClient.setQueryData(queryKeys.carouselSettings, settings);
  render(
    <Provider store={createAppStore(queryClient, italianLanguage)}>
      <PartnerCarousel />
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("PartnerCarousel", () => {
  it("doubles the list for the loop, the copy hidden from screen readers", () => {
    mount({ isEnabled: true, scrollSpeed: 1, frameRate: 16 });
    expect(screen.getAllByRole("img").map((i) => i.getAttribute("alt"))).toEqual(["Pizzeria Vesuvio", "Caffè Partenope"]);
    expect(document.querySelectorAll("[data-testid=partner-carousel] li")).toHaveLength(4);
    expect(document.querySelectorAll("li[aria-hidden=true]")).toHaveLength(2);
  });

  it("is not shown when the admin disabled it", () => {
    mount({ isEnabled: false, scrollSpeed: 1, frameRate: 16 });
    expect(screen.queryByTestId("partner-carousel")).toBeNull();
  });

  it("stands still, with one list, for visitors who prefer reduced motion", () => {
    mount({ isEnabled: true, scrollSpeed: 1, frameRate: 16 }, true);
    expect(screen.getByTestId("partner-carousel").dataset.animated).toBe("false");
    expect(document.querySelectorAll("[data-testid=partner-carousel] li")).toHaveLength(2);
  });

  it("moves one copy's width in steps of speed px every frame interval, off the main thread, and not while hovered", () => {
    // happy-dom lays nothing out: each logo sits 200 px after the previous one.
    vi.spyOn(HTMLElement.prototype, "offsetLeft", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "LI" ? [...this.parentElement!.children].indexOf(this) * 200 : 0;
    });
    const animation = { pause: vi.fn(), play: vi.fn(), cancel: vi.fn(), currentTime: null, playState: "running" };
    const animate = vi.spyOn(HTMLElement.prototype, "animate").mockReturnValue(animation as unknown as Animation);
    mount({ isEnabled: true, scrollSpeed: 2.5, frameRate: 33 });
    // Two logos, doubled: the copy starts 400 px in, so one loop is 400 px in 160 frames of 2.5 px.
    // Fails if the pace were not the admin's: the animation would run longer or shorter than 160 × 33 ms.
    const [keyframes, options] = animate.mock.calls.at(-1)!;
    expect(keyframes).toEqual([{ transform: "translate3d(0,0,0)" }, { transform: "translate3d(-400px,0,0)" }]);
    expect(options).toEqual({ duration: 160 * 33, iterations: Infinity, easing: "steps(160)" });
    act(() => screen.getByTestId("partner-carousel").dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    expect(animation.pause).toHaveBeenCalled();
    act(() => screen.getByTestId("partner-carousel").dispatchEvent(new MouseEvent("mouseout", { bubbles: true })));
    expect(animation.play).toHaveBeenCalled();
  });
});
