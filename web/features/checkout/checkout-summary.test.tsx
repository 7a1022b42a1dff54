import { cleanup, render, screen, within } from "@testing-library/react";
import { en } from "../../i18n/whole";
import { Provider } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { createAppStore, createQueryClient } from "../../app/query-client";
import type { Language } from "../../i18n/lang";
import type { BookingDto } from "../../components/payment/queries";
import { italianLanguage } from "../../test/italian";
import { bookingDto } from "../../test/booking-dto";
import { Summary } from "./checkout-page";

/** A booking waiting to be paid, € 15,00 to pay. */
const booking = (overrides: Partial<BookingDto> = {}) => bookingDto({ status: "pending", paidAt: null, amount: "15.00", ...overrides });

const mount = (b: BookingDto, language: Language = italianLanguage) =>
  render(
    <Provider store={createAppStore(createQueryClient(), language)}>
      <Summary booking={b} />
    </Provider>,
  );

afterEach(cleanup);

describe("checkout summary", () => {
  it("with a voucher: the rate's price, the voucher's line with its code and discount, then the total", () => {
    mount(booking({ voucher: { code: "AMICI25", discount: "5.00" } }));
    expect(within(screen.getByTestId("checkout-price")).getByText("€ 20,00")).toBeTruthy();
    const discount = screen.getByTestId("checkout-discount");
    expect(discount.textContent).toContain("Codice sconto AMICI25");
    expect(discount.textContent).toContain("− € 5,00");
    expect(screen.getByText("Totale").nextElementSibling?.textContent).toBe("€ 15,00");
  });

  it("in English too", () => {
    mount(booking({ voucher: { code: "AMICI25", discount: "5.00" } }), { lang: "en", t: en });
    expect(screen.getByTestId("checkout-price").textContent).toContain("€20.00");
    expect(screen.getByTestId("checkout-discount").textContent).toContain("Voucher AMICI25");
  });

  it("without a voucher: only the total, no price or discount line", () => {
    mount(booking());
    expect(screen.queryByTestId("checkout-price")).toBeNull();
    expect(screen.queryByTestId("checkout-discount")).toBeNull();
    expect(screen.getByText("Totale").nextElementSibling?.textContent).toBe("€ 15,00");
  });
});
