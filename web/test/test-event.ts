import type { EventDto, RateDto } from "../entities/event/types";

let nextId = 1;

export function testRate(overrides: Partial<RateDto> = {}): RateDto {
  const id = nextId++;
  return { id, eventId: 1, name: `Tariffa ${id}`, description: "", nameTranslations: {}, descriptionTranslations: {}, price: "15.00", isVisible: true, isPayable: true, sortOrder: id, ...overrides };
}

/** An event as GET /api/events answers it, with every field set to an ordinary value. */
export function testEvent(overrides: Partial<EventDto> = {}): EventDto {
  return {
    id: nextId++,
    title: "Concerto di prova",
    description: "Breve descrizione.",
    titleTranslations: {},
    descriptionTranslations: {},
    datetime: "2026-03-14T20:00:00.000Z",
    endsAt: null,
    isAlwaysActive: false,
    durationMinutes: 300,
    distanceMeters: 800,
    totalSpots: 100,
    reservedSpots: 10,
    occupiedSpots: 5,
    availableSpots: 80,
    heldSpots: 2,
    paidSpots: 3,
    counters: { liberi: 80, prenotati: 12, opzionati: 8 },
    imageUrl: null,
    categoryId: 1,
    category: { id: 1, name: "Concerti", nameTranslations: { en: "Concerts" }, color: "#8B5CF6" },
    isActive: true,
    cancelled: false,
    postponedFrom: null,
    sortOrder: 1,
    rates: [testRate()],
    prevendita_title: null,
    prevendita_description: null,
    prevenditaTitleTranslations: {},
    prevenditaDescriptionTranslations: {},
    prevendita_price: null,
    isPrevenditaVisible: false,
    isPrevenditaPayable: false,
    cancelDeadlineHours: null,
    ...overrides,
  };
}
