import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { draftFromEvent, emptyDraft, toPayload, toRomeLocalInput, validateDraft, type EventDraft } from "./event-draft";
import { EventForm } from "./event-form";
import { checkEventImage } from "./image-crop-dialog";
import { testEvent } from "../../../test/test-event";

afterEach(cleanup);

const categories = [{ id: 3, name: "Concerti", color: "#8B5CF6" }];

function complete(overrides: Partial<EventDraft> = {}): EventDraft {
  return {
    ...emptyDraft(),
    title: "Vasco Rossi – Stadio Maradona",
    description: "Parcheggio custodito",
    datetime: "2026-06-20T21:00",
    durationHours: "5",
    distanceMeters: "800",
    totalSpots: "100",
    rates: [{ key: "a", name: "Posto auto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "15", isVisible: true, isPayable: true }],
    ...overrides,
  };
}

function renderForm(initial: EventDraft) {
  const onSubmit = vi.fn();
  render(
    <>
      <EventForm formId="f" initial={initial} categories={categories} onSubmit={onSubmit} />
      <button type="submit" form="f">
        salva
      </button>
    </>,
  );
  return onSubmit;
}

describe("event modal validation", () => {
  it("refuses an empty form with the spec's message and the date suffix, sending nothing", () => {
    const onSubmit = renderForm(emptyDraft());
    fireEvent.click(screen.getByRole("button", { name: "salva" }));
    expect(screen.getByRole("alert").textContent).toBe("Tutti i campi sono obbligatori (data/ora o 'Sempre Attivo')");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("drops the date suffix when only other fields are missing, and when always-active is on", () => {
    expect(validateDraft(complete({ distanceMeters: " " }))).toBe("Tutti i campi sono obbligatori");
    expect(validateDraft(complete({ datetime: "" }))).toBe("Tutti i campi sono obbligatori (data/ora o 'Sempre Attivo')");
    expect(validateDraft(complete({ datetime: "", isAlwaysActive: true }))).toBeNull();
    for (const field of ["title", "description", "durationHours", "totalSpots"] as const) {
      expect(validateDraft(complete({ [field]: "" }))).toBe("Tutti i campi sono obbligatori");
    }
  });

  it("takes the duration in hours and the distance in whole metres, and says which one is wrong", () => {
    expect(toPayload(complete({ durationHours: "2,5", distanceMeters: "1500" })).event).toMatchObject({ durationMinutes: 150, distanceMeters: 1500 });
    expect(validateDraft(complete({ durationHours: "tre" }))).toBe("La durata deve essere tra 1 minuto e 7 giorni");
    expect(validateDraft(complete({ durationHours: "200" }))).toBe("La durata deve essere tra 1 minuto e 7 giorni");
    expect(validateDraft(complete({ distanceMeters: "1,5 km" }))).toBe("La distanza deve essere un numero intero di metri, fino a 100 km");
    expect(validateDraft(complete({ distanceMeters: "200000" }))).toBe("La distanza deve essere un numero intero di metri, fino a 100 km");
  });

  it("needs at least one rate with a name and a price", () => {
    expect(validateDraft(complete({ rates: [{ key: "a", name: "", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "", isVisible: true, isPayable: true }] }))).toBe(
      "Aggiungi almeno una tariffa valida",
    );
    expect(validateDraft(complete({ rates: [{ key: "a", name: "Posto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "", isVisible: true, isPayable: true }] }))).toBe(
      "Aggiungi almeno una tariffa valida",
    );
    expect(
      validateDraft(
        complete({
          rates: [
            { key: "a", name: "Posto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "10", isVisible: true, isPayable: true },
            { key: "b", name: "Moto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "", isVisible: true, isPayable: true },
          ],
        }),
      ),
    ).toBe("Ogni tariffa deve avere nome e prezzo");
  });

  it("refuses negative reserved or occupied spots and a zero total", () => {
    expect(validateDraft(complete({ reservedSpots: "-1" }))).toBe("I posti prenotati e occupati non possono essere negativi");
    expect(validateDraft(complete({ occupiedSpots: "-3" }))).toBe("I posti prenotati e occupati non possono essere negativi");
    expect(validateDraft(complete({ totalSpots: "0" }))).toBe("I posti totali devono essere un numero intero maggiore di zero");
  });

  it("turning always-active on clears the date field", () => {
    renderForm(complete());
    const date = screen.getByLabelText("Data e ora") as HTMLInputElement;
    expect(date.value).toBe("2026-06-20T21:00");
    fireEvent.click(screen.getByRole("switch", { name: "Sempre Attivo" }));
    expect(date.value).toBe("");
    expect(date.disabled).toBe(true);
    fireEvent.click(screen.getByRole("switch", { name: "Sempre Attivo" }));
    expect((screen.getByLabelText("Data e ora") as HTMLInputElement).value).toBe("");
  });

  it("submits the spec §7 payload once valid, rates numbered from 1 and blank rows dropped", () => {
    const onSubmit = renderForm(
      complete({
        categoryId: "3",
        rates: [
          { key: "a", id: 7, name: "Posto auto", description: "Scoperto", nameTranslations: { en: " Parking space " }, descriptionTranslations: { en: "" }, price: "15", isVisible: true, isPayable: true },
          { key: "b", name: "Coperto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "22.5", isVisible: false, isPayable: true, hoursBefore: "4", hoursAfter: "1,5", vatRate: "10" },
          { key: "c", name: "", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "", isVisible: true, isPayable: true },
        ],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "salva" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const payload = onSubmit.mock.calls[0][0];
    expect(payload.event).toMatchObject({ title_translations: {}, description_translations: {}, datetime: "2026-06-20T21:00", totalSpots: 100, reservedSpots: 0, occupiedSpots: 0, categoryId: 3, isAlwaysActive: false });
    expect(payload.rates).toEqual([
      { id: 7, name: "Posto auto", description: "Scoperto", name_translations: { en: "Parking space" }, description_translations: {}, price: "15.00", isVisible: true, isPayable: true, sortOrder: 1, minutesBeforeStart: null, minutesAfterEnd: null, vatRate: null },
      { name: "Coperto", description: "", name_translations: {}, description_translations: {}, price: "22.50", isVisible: false, isPayable: true, sortOrder: 2, minutesBeforeStart: 240, minutesAfterEnd: 90, vatRate: "10" },
    ]);
  });

  it("refuses a rate's VAT that is not a percentage, with the field's message", () => {
    const onSubmit = renderForm(
      complete({ rates: [{ key: "a", name: "Posto auto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "15", isVisible: true, isPayable: true, vatRate: "150" }] }),
    );
    fireEvent.click(screen.getByRole("button", { name: "salva" }));
    expect(screen.getByRole("alert").textContent).toContain("Aliquota IVA della tariffa non valida");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("never removes the last rate", () => {
    renderForm(complete());
    expect((screen.getByRole("button", { name: "Serve almeno una tariffa" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "+ Aggiungi tariffa" }));
    const remove = screen.getByRole("button", { name: "Rimuovi tariffa 2" }) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
    fireEvent.click(remove);
    expect(screen.getAllByTestId("rate-row")).toHaveLength(1);
  });

  it("shows a saved date in the date field as Rome local time, summer and winter", () => {
    expect(toRomeLocalInput("2026-07-04T19:30:00.000Z")).toBe("2026-07-04T21:30");
    expect(toRomeLocalInput("2026-01-05T23:30:00.000Z")).toBe("2026-01-06T00:30");
  });

  it("sends a null date for an always-active event", () => {
    expect(toPayload(complete({ isAlwaysActive: true, datetime: "" })).event.datetime).toBeNull();
  });

  it("refuses event images over 5 MB or not JPG/PNG with the spec's messages", () => {
    expect(checkEventImage({ size: 5 * 1024 * 1024 + 1, type: "image/jpeg" })).toBe("Il file è troppo grande. Massimo 5MB.");
    expect(checkEventImage({ size: 1000, type: "image/gif" })).toBe("Formato non supportato. Usa JPG o PNG.");
    expect(checkEventImage({ size: 5 * 1024 * 1024, type: "image/png" })).toBeNull();
  });

  // Fails when the field's value never reaches the payload, a blank is sent as 0 (cancellation closing at the start
  // instead of the default 24 h), or an always-active event (no start) gets a deadline.
  it("edits the customer cancellation deadline: hours sent as a number, blank as null, hidden for always-active events", () => {
    const onSubmit = renderForm(complete());
    const hours = screen.getByLabelText("Annullamento cliente (ore prima dell'inizio)") as HTMLInputElement;
    expect(hours.value).toBe("");
    expect(hours.getAttribute("aria-describedby")).toBe("event-cancel-deadline-hint");
    fireEvent.change(hours, { target: { value: "48" } });
    fireEvent.click(screen.getByRole("button", { name: "salva" }));
    expect(onSubmit.mock.calls[0][0].event.cancelDeadlineHours).toBe(48);

    fireEvent.click(screen.getByRole("switch", { name: "Sempre Attivo" }));
    expect(screen.queryByLabelText("Annullamento cliente (ore prima dell'inizio)")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "salva" }));
    expect(onSubmit.mock.calls[1][0].event.cancelDeadlineHours).toBeNull();

    expect(toPayload(complete()).event.cancelDeadlineHours).toBeNull();
    expect(toPayload(complete({ cancelDeadlineHours: "0" })).event.cancelDeadlineHours).toBe(0);
  });

  it("refuses a deadline that is not whole hours from 0 to 720, and reads a saved one back", () => {
    for (const bad of ["-1", "1.5", "721", "due"]) {
      expect(validateDraft(complete({ cancelDeadlineHours: bad }))).toBe("Termine per l'annullamento non valido: ore intere da 0 a 720");
    }
    expect(validateDraft(complete({ cancelDeadlineHours: "720" }))).toBeNull();
    expect(validateDraft(complete({ cancelDeadlineHours: "due", isAlwaysActive: true, datetime: "" }))).toBeNull();
    expect(draftFromEvent(testEvent({ cancelDeadlineHours: 6 })).cancelDeadlineHours).toBe("6");
    expect(draftFromEvent(testEvent({ cancelDeadlineHours: null })).cancelDeadlineHours).toBe("");
  });
});
