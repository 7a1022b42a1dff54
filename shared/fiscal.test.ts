import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCodiceFiscale, isPartitaIva, splitVat } from "./fiscal";

describe("fiscal checks", () => {
  it("partita IVA: 11 digits with the right check digit", () => {
    expect(isPartitaIva("12345678903")).toBe(true);
    expect(isPartitaIva("01234567897")).toBe(true);
    expect(isPartitaIva("12345678901")).toBe(false); // check digit wrong
    expect(isPartitaIva("1234567890")).toBe(false);
    expect(isPartitaIva("00000000000")).toBe(false);
    expect(isPartitaIva("1234567890A")).toBe(false);
  });

  it("codice fiscale: the check letter of the 15 before it, omocodia letters allowed", () => {
    expect(isCodiceFiscale("RSSMRA85T10A562S")).toBe(true);
    expect(isCodiceFiscale("BNCLRA90A41F839H")).toBe(true);
    expect(isCodiceFiscale("RSSMRA85T10A562T")).toBe(false);
    expect(isCodiceFiscale("RSSMRA85T10A562")).toBe(false);
    expect(isCodiceFiscale("rssmra85t10a562s")).toBe(false); // the route upper-cases first
  });

  it("the VAT split: taxable rounded half up, taxable + VAT = total, VAT = taxable × rate within a cent (SdI)", () => {
    expect(splitVat(1500, 2200)).toEqual({ taxableCents: 1230, vatCents: 270 }); // 12.2951 → 12.30
    expect(splitVat(2000, 2200)).toEqual({ taxableCents: 1639, vatCents: 361 }); // 16.3934 → 16.39
    expect(splitVat(61, 2200)).toEqual({ taxableCents: 50, vatCents: 11 }); // 0.5 exactly → up
    expect(splitVat(0, 2200)).toEqual({ taxableCents: 0, vatCents: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(400, 500, 1000, 2200), (total, rate) => {
        const { taxableCents, vatCents } = splitVat(total, rate);
        expect(taxableCents + vatCents).toBe(total);
        expect(Math.abs(vatCents * 10_000 - taxableCents * rate)).toBeLessThanOrEqual(10_000);
        // Half up: no other whole-cent taxable is nearer to total ÷ (1 + rate).
        expect(Math.abs(taxableCents * (10_000 + rate) - total * 10_000) * 2).toBeLessThanOrEqual(10_000 + rate);
      }),
      { numRuns: 2000 },
    );
  });
});
