import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppToaster } from "./app-toaster";
import { notify } from "./notify";

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.useRealTimers();
});

const visibleTexts = () => Array.from(document.querySelectorAll("[role=status],[role=alert]")).filter((el) => !el.classList.contains("opacity-0")).map((el) => el.textContent);

describe("AppToaster", () => {
  it("keeps one toast visible at a time: the newest", () => {
    render(<AppToaster />);
    act(() => {
      notify.error("Errore", "Primo problema");
    });
    act(() => {
      notify.success("Pagamento Completato", "Codice prenotazione: AB12CD34");
    });
    const texts = visibleTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("Pagamento Completato");
    expect(texts[0]).toContain("AB12CD34");
  });

  it("renders errors as the destructive variant with title and message", () => {
    render(<AppToaster />);
    act(() => {
      notify.error("Errore", "Posti esauriti");
    });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Errore");
    expect(alert.textContent).toContain("Posti esauriti");
    expect(alert.className).toContain("bg-red-700");
  });

  it("leaves after 5 seconds", () => {
    vi.useFakeTimers();
    render(<AppToaster />);
    act(() => {
      notify.success("Ciao");
    });
    expect(visibleTexts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(4900));
    expect(visibleTexts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(visibleTexts()).toHaveLength(0);
  });

  it("is dismissed by a swipe to the right past 50 px, not by a short one", () => {
    render(<AppToaster />);
    act(() => {
      notify.success("Da scorrere");
    });
    const el = screen.getByRole("status") as HTMLElement;
    el.setPointerCapture = () => {};
    fireEvent.pointerDown(el, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 130, pointerId: 1 });
    fireEvent.pointerUp(el, { clientX: 130, pointerId: 1 });
    expect(visibleTexts()).toHaveLength(1);
    fireEvent.pointerDown(el, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(el, { clientX: 170, pointerId: 1 });
    act(() => {
      fireEvent.pointerUp(el, { clientX: 170, pointerId: 1 });
    });
    expect(visibleTexts()).toHaveLength(0);
  });

  it("F8 moves the focus to the notifications region", () => {
    render(<AppToaster />);
    fireEvent.keyDown(window, { key: "F8" });
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Notifiche (F8)");
  });
});
