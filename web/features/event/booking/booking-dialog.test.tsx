import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "jotai";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAppStore, createQueryClient } from "../../../app/query-client";
import { AppToaster } from "../../../components/app-toaster";
import { AppMemoryRouter } from "../../../test/app-memory-router";
import { italianLanguage } from "../../../test/italian";
import { testEvent, testRate } from "../../../test/test-event";
import { BookingDialog } from "./booking-dialog";

afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
});

/** The dialog, filled in, with the server answering every request `refusal`. */
async function submitRefused(refusal: { status: number; code: string; message: string }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ error: { code: refusal.code, message: refusal.message } }, { status: refusal.status })),
  );
  const rate = testRate({ price: "20.00" });
  render(
    <Provider store={createAppStore(createQueryClient(), italianLanguage)}>
      <AppMemoryRouter>
        <AppToaster />
        <BookingDialog event={testEvent({ rates: [rate] })} rate={rate} onClose={() => {}} />
      </AppMemoryRouter>
    </Provider>,
  );
  const dialog = await screen.findByRole("dialog");
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type("Nome e cognome", "Ciro Russo");
  type("E-mail", "ciro@example.it");
  type("Targa", "AB123CD");
  type("Modello auto", "Fiat Panda");
  type("Codice sconto (facoltativo)", "NONVALE1");
  fireEvent.submit(dialog.querySelector("form")!);
  await waitFor(() => expect(document.body.textContent).toContain(refusal.message));
  // Let a toast, if any, appear: react-hot-toast renders on its own tick.
  await act(() => new Promise((r) => setTimeout(r, 50)));
}

const occurrences = (text: string) => document.body.textContent!.split(text).length - 1;

describe("the booking dialog's refusals (issue #48: said twice, toast and inline)", () => {
  it("a refused voucher is said once, inside the dialog, under the spec's title 'Errore'", async () => {
    await submitRefused({ status: 400, code: "validation_failed", message: "Codice non valido" });
    expect(occurrences("Codice non valido")).toBe(1);
    const alert = screen.getByRole("dialog").querySelector("[role=alert]")!;
    expect(alert.textContent).toContain("Errore");
    expect(alert.textContent).toContain("Codice non valido");
    expect(document.querySelector("[data-rht-toaster]")?.textContent ?? "").not.toContain("Codice non valido");
  });

  it("any other refusal too: once, in the dialog", async () => {
    await submitRefused({ status: 429, code: "rate_limited", message: "Troppi codici non validi, riprova tra qualche minuto" });
    expect(occurrences("Troppi codici non validi")).toBe(1);
    expect(document.querySelector("[data-rht-toaster]")?.textContent ?? "").toBe("");
  });
});
