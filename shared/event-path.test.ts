import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventPath, eventSlug, parseEventSegment } from "./event-path";

describe("event page paths", () => {
  it("makes a readable ASCII slug from the title", () => {
    expect(eventSlug("Napoli – Inter: Serie A")).toBe("napoli-inter-serie-a");
    expect(eventSlug("Città della Scienza è aperta")).toBe("citta-della-scienza-e-aperta");
    expect(eventSlug("!!!")).toBe("evento");
  });

  // Fails if a title could give a path the page's route does not parse back to the same id.
  it("parses every event path back to its id and slug", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.string(), (id, title) => {
        const segment = eventPath({ id, title }).slice("/eventi/".length);
        expect(parseEventSegment(segment)).toEqual({ id, slug: eventSlug(title) });
        expect(eventSlug(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
    );
  });

  it("refuses segments without a leading id", () => {
    expect(parseEventSegment("napoli-inter")).toBeNull();
    expect(parseEventSegment("0-x")).toBeNull();
    expect(parseEventSegment("12")).toEqual({ id: 12, slug: "" });
  });
});
