import { beforeAll, describe, expect, it } from "vitest";
import { emptyDraft, toPayload, validateDraft, type EventDraft } from "../../web/features/admin/events/event-draft";
import { itAdmin } from "../../web/i18n/it-admin";
import type { EventProblem } from "./admin-event-form";
import { messagesIt } from "../../worker/i18n/it";
import { adminApi, adminCookie } from "../../worker/test/admin";

// The staff screen and the API check the event form with one schema (shared/forms/admin-event-form.ts):
// each bad draft below is refused by both, for the same rule, each in its own words.

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

const rate = (over: Partial<EventDraft["rates"][number]> = {}) => ({ key: "a", name: "Posto auto", description: "", nameTranslations: { en: "" }, descriptionTranslations: { en: "" }, price: "15", isVisible: true, isPayable: true, ...over });
const draft = (over: Partial<EventDraft> = {}): EventDraft => ({
  ...emptyDraft(),
  title: "Napoli – Inter",
  description: "Parcheggio custodito",
  datetime: "2031-06-20T21:00",
  durationHours: "3",
  distanceMeters: "800",
  totalSpots: "100",
  rates: [rate()],
  ...over,
});

const cases: [string, EventDraft, EventProblem][] = [
  ["an empty form", emptyDraft(), "dateRequired"],
  ["no title", draft({ title: " " }), "requiredFields"],
  ["a duration in words", draft({ durationHours: "tre" }), "invalidDuration"],
  ["a duration over a week", draft({ durationHours: "200" }), "invalidDuration"],
  ["a distance with its unit", draft({ distanceMeters: "1,5 km" }), "invalidDistance"],
  ["no spots", draft({ totalSpots: "0" }), "invalidTotalSpots"],
  ["negative reserved spots", draft({ reservedSpots: "-1" }), "invalidHeldSpots"],
  ["spots in words", draft({ occupiedSpots: "tre" }), "invalidHeldSpots"],
  ["a presale price in words", draft({ prevenditaPrice: "dieci" }), "invalidPresalePrice"],
  ["a payable presale without price", draft({ isPrevenditaPayable: true }), "presalePriceRequired"],
  ["a deadline over 30 days", draft({ cancelDeadlineHours: "721" }), "invalidCancelDeadline"],
  ["a rate without price", draft({ rates: [rate({ price: "" })] }), "rateRequired"],
  ["a half-filled rate next to a good one", draft({ rates: [rate(), rate({ key: "b", name: "", price: "5" })] }), "rateIncomplete"],
  ["a rate price in words", draft({ rates: [rate({ price: "dieci" })] }), "invalidRatePrice"],
  ["a rate window in words", draft({ rates: [rate({ hoursBefore: "quattro" })] }), "invalidRateWindow"],
];

describe("the event form: the staff screen and the API agree", () => {
  it.each(cases)("both refuse %s", async (_, d, problem) => {
    expect(validateDraft(d)).toBe(itAdmin.eventModal.errors[problem]);
    const res = await adminApi("/api/events", { method: "POST", json: toPayload(d), cookie });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(messagesIt[problem]);
  });

  it("both accept a complete draft", async () => {
    expect(validateDraft(draft())).toBeNull();
    const res = await adminApi("/api/events", { method: "POST", json: toPayload(draft()), cookie });
    expect(res.status).toBe(201);
  });
});
