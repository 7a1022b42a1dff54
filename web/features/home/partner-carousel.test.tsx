import { act, cleanup, render, screen } from "@testing-library/react";
import { Provider } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppStore, createQueryClient } from "../../app/query-client";
import { queryKeys } from "../../lib/query-keys";
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
    <Provider store={createAppStore(queryClient)}>
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

  it("moves speed px every frame interval, and not while hovered", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((cb) => frames.push(cb));
    vi.spyOn(window, "cancelAnimationFrame").mockImplementation(() => {});
    vi.spyOn(performance, "now").mockReturnValue(0);
    mount({ isEnabled: true, scrollSpeed: 2.5, frameRate: 33 });
    const track = screen.getByTestId("partner-carousel").querySelector("ul")!;
    const frame = (t: number) => act(() => frames.shift()!(t));
    frame(20); // under 33 ms since the last step: no move
    expect(track.style.transform).toBe("");
    frame(40);
    expect(track.style.transform).toBe("translate3d(-2.5px,0,0)");
    frame(80);
    expect(track.style.transform).toBe("translate3d(-5px,0,0)");
    act(() => screen.getByTestId("partner-carousel").dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    frame(120);
    expect(track.style.transform).toBe("translate3d(-5px,0,0)");
  });
});
