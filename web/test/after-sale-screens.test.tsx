import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { en } from "../i18n/whole";
import { Provider } from "jotai";
import type { ReactNode } from "react";
import { AppMemoryRouter as MemoryRouter } from "./app-memory-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAppStore, createQueryClient } from "../app/query-client";
import type { Language } from "../i18n/lang";
import { italianLanguage } from "./italian";
import { untouchedPass } from "../../shared/test/pass";
import { PassBanner } from "../features/home/pass-banner";
import { PassActions } from "../features/pass/pass-actions";
import { PassCard } from "../features/pass/pass-page";
import { passSecretAtom } from "../entities/pass/queries";
import type { Pass as PassDto } from "../entities/pass/queries";
import { BookingPass } from "../features/my-bookings/my-bookings-page";
import type { MyBooking } from "../entities/pass/lookup";
import { rememberBooking, showPassBanner } from "../entities/pass/remembered";

const english: Language = { lang: "en", t: en };

function mount(node: ReactNode, language: Language = italianLanguage) {
  const store = createAppStore(createQueryClient(), language);
  return render(
    <Provider store={store}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  );
}

function booking(overrides: Partial<MyBooking> = {}): MyBooking {
  return {
    code: "AB12CD34",
    receiptId: null,
    kind: "booking",
    status: "paid",
    eventId: 1,
    eventTitle: "Napoli – Inter",
    eventDatetime: "2026-12-20T19:45:00.000Z",
    isAlwaysActive: false,
    rateName: "Auto",
    customerName: "Anna Bianchi",
    licensePlate: "NA123AB",
    carModel: "Fiat Panda",
    amount: "10.00",
    createdAt: "2026-11-20T10:00:00.000Z",
    paidAt: "2026-11-20T10:01:00.000Z",
    passSecret: "abcdefghijklmnopqrstuv",
    checkedInAt: null,
    passStatus: "valid",
    state: "paid",
    eventCancelled: false,
    refunded: "0.00",
    refundPending: false,
    cancellation: { allowed: false, deadline: null },
    ...overrides,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Le Mie Prenotazioni after the sale (finding 6)", () => {
  it("shows no pass for a refunded booking and says it was refunded, instead of 'available when the payment is completed'", () => {
    mount(<BookingPass booking={booking({ status: "refunded", passStatus: "void", state: "refunded", refunded: "10.00", passSecret: null })} onCancelled={() => {}} />);
    const card = screen.getByTestId("booking-pass");
    expect(within(card).queryByRole("img")).toBeNull();
    expect(within(card).queryByText("Apri il pass")).toBeNull();
    expect(within(card).queryByText(/quando il pagamento è completato/)).toBeNull();
    expect(within(card).getByTestId("booking-state").textContent).toBe("Rimborsato");
    expect(within(card).getByText("Rimborso completato: € 10,00 restituiti sulla carta usata per pagare.")).toBeTruthy();
  });

  it("shows no pass for a paid booking of a cancelled event and says the event was cancelled and the refund is on its way", () => {
    mount(<BookingPass booking={booking({ passStatus: "void", eventCancelled: true, refundPending: true, passSecret: null })} onCancelled={() => {}} />);
    const card = screen.getByTestId("booking-pass");
    expect(within(card).queryByRole("img")).toBeNull();
    expect(within(card).getByTestId("booking-state").textContent).toBe("Evento annullato");
    expect(within(card).getByText(/L'evento è stato annullato dagli organizzatori/)).toBeTruthy();
    expect(within(card).getByText(/Rimborso in corso/)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Annulla prenotazione" })).toBeNull();
  });

  it("keeps the pass of a partly refunded booking and says how much went back, in English too", () => {
    mount(<BookingPass booking={booking({ state: "partly_refunded", refunded: "4.00" })} onCancelled={() => {}} />, english);
    const card = screen.getByTestId("booking-pass");
    expect(within(card).getByRole("img", { name: /QR/ })).toBeTruthy();
    expect(within(card).getByTestId("booking-state").textContent).toBe("Partly refunded");
    expect(within(card).getByText("€4.00 of €10.00 refunded.")).toBeTruthy();
  });

  it("offers the customer's cancel button while the server allows it, with the server's deadline, and cancels through the pass's API", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`);
        return Response.json({ refund: { amount: "10.00" }, full: true, refunded: "10.00", remaining: "0.00" });
      }),
    );
    const onCancelled = vi.fn();
    mount(<BookingPass booking={booking({ cancellation: { allowed: true, deadline: "2026-12-19T19:45:00.000Z" } })} onCancelled={onCancelled} />);
    expect(screen.getByText(/Puoi annullare e ricevere il rimborso completo fino a sabato 19 dicembre 2026/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Annulla prenotazione" }));
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Sì, annulla e rimborsa" }));
      await new Promise((r) => setTimeout(r, 20));
    });
    // The wallet buttons ask once which wallets are offered; the cancellation is the one write.
    expect(calls.filter((c) => c !== "GET /api/wallet/offered")).toEqual(["POST /api/passes/abcdefghijklmnopqrstuv/cancel"]);
    expect(onCancelled).toHaveBeenCalled();
  });

  it("has no cancel button once the server says the deadline passed", () => {
    mount(<BookingPass booking={booking({ cancellation: { allowed: false, deadline: null } })} onCancelled={() => {}} />);
    expect(screen.queryByRole("button", { name: "Annulla prenotazione" })).toBeNull();
  });
});

describe("the pass page after the sale (finding 6)", () => {
  const pass = (overrides: Partial<PassDto> = {}): PassDto => ({
    status: "valid",
    code: "AB12CD34",
    eventTitle: "Napoli – Inter",
    eventDatetime: "2026-12-20T19:45:00.000Z",
    isAlwaysActive: false,
    rateName: "Auto",
    licensePlate: "NA123AB",
    ...untouchedPass(),
    ...overrides,
  });

  it("says the event was postponed and when it was planned (issue 48)", () => {
    mount(<PassCard pass={pass({ postponedFrom: "2026-12-13T19:45:00.000Z" })} secret="abcdefghijklmnopqrstuv" />);
    expect(screen.getByTestId("pass-postponed").textContent).toMatch(/^Evento rinviato: era previsto per .*13 dicembre 2026/);
    cleanup();
    mount(<PassCard pass={pass()} secret="abcdefghijklmnopqrstuv" />);
    expect(screen.queryByTestId("pass-postponed")).toBeNull();
  });

  it("shows no QR for a booking of a cancelled event and says the event was cancelled, in Italian and English", () => {
    mount(<PassCard pass={pass({ status: "void", eventCancelled: true })} secret="abcdefghijklmnopqrstuv" />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText(/L'evento è stato annullato dagli organizzatori/)).toBeTruthy();
    cleanup();
    mount(<PassCard pass={pass({ status: "void", state: "refunded" })} secret="abcdefghijklmnopqrstuv" />, english);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("Booking refunded: the pass is no longer valid.")).toBeTruthy();
  });
});

describe("the home's pass banner (finding 6)", () => {
  function answer(b: MyBooking) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ bookings: [b] })),
    );
  }

  it("asks the server and, for a booking whose event was cancelled, shows what happened instead of the pass", async () => {
    rememberBooking({ email: "anna@example.it", code: "AB12CD34" });
    showPassBanner({ code: "AB12CD34", eventTitle: "Napoli – Inter" });
    answer(booking({ passStatus: "void", eventCancelled: true, refundPending: true, passSecret: null }));
    mount(<PassBanner />);
    const banner = await screen.findByTestId("pass-banner");
    expect(banner.dataset.state).toBe("eventCancelled");
    expect(within(banner).queryByText("Il tuo pass")).toBeNull();
    expect(within(banner).queryByText("Vedi il pass")).toBeNull();
    expect(within(banner).getByText(/L'evento è stato annullato/)).toBeTruthy();
    expect(within(banner).getByText("Vedi i dettagli")).toBeTruthy();
  });

  it("shows the pass only once the server says it is valid", async () => {
    rememberBooking({ email: "anna@example.it", code: "AB12CD34" });
    showPassBanner({ code: "AB12CD34", eventTitle: "Napoli – Inter" });
    answer(booking());
    mount(<PassBanner />, english);
    const banner = await screen.findByTestId("pass-banner");
    expect(within(banner).getByText(/Your pass/)).toBeTruthy();
    expect(within(banner).getByText("See the pass")).toBeTruthy();
  });

  it("'Vedi il pass' opens the pass itself (/p/<secret>), not the bookings list", async () => {
    rememberBooking({ email: "anna@example.it", code: "AB12CD34" });
    showPassBanner({ code: "AB12CD34", eventTitle: "Napoli – Inter" });
    answer(booking({ passSecret: "abcdefghijklmnopqrstuv" }));
    mount(<PassBanner />);
    const banner = await screen.findByTestId("pass-banner");
    expect(within(banner).getByRole("link", { name: "Vedi il pass" }).getAttribute("href")).toBe("/p/abcdefghijklmnopqrstuv");
  });

  it("a booking without a valid pass links to the bookings list, where it is explained", async () => {
    rememberBooking({ email: "anna@example.it", code: "AB12CD34" });
    showPassBanner({ code: "AB12CD34", eventTitle: "Napoli – Inter" });
    answer(booking({ passStatus: "void", state: "refunded", refunded: "10.00", passSecret: null }));
    mount(<PassBanner />);
    const banner = await screen.findByTestId("pass-banner");
    expect(within(banner).getByRole("link", { name: "Vedi i dettagli" }).getAttribute("href")).toBe("/le-mie-prenotazioni");
  });
});

describe("the pass page's 'Gestisci' box (issue 48)", () => {
  function serve(status: "valid" | "void", reason: string | null) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
        if (path.endsWith("/cancellation")) return Response.json({ allowed: false, deadline: null, reason, plateChangeAllowed: false });
        return Response.json({ status, code: "AB12CD34", state: status === "void" ? "refunded" : "paid", notices: [], postponedFrom: null });
      }),
    );
  }
  function mountActions() {
    const store = createAppStore(createQueryClient(), italianLanguage);
    store.set(passSecretAtom, "abcdefghijklmnopqrstuv");
    return render(
      <Provider store={store}>
        <MemoryRouter>
          <PassActions secret="abcdefghijklmnopqrstuv" />
        </MemoryRouter>
      </Provider>,
    );
  }

  it("is not shown for a refunded pass, whose 'nothing to cancel' would only confuse", async () => {
    serve("void", "Prenotazione rimborsata: non c'è nulla da annullare.");
    mountActions();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId("pass-actions")).toBeNull();
  });

  it("still explains a valid pass that can no longer be cancelled", async () => {
    serve("valid", "Il termine per annullare è passato.");
    mountActions();
    expect(await screen.findByText("Il termine per annullare è passato.")).toBeTruthy();
  });
});
