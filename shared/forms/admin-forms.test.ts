import { beforeAll, describe, expect, it } from "vitest";
import { itAdmin } from "../../web/i18n/it-admin";
import { italianText } from "../../worker/i18n/it";
import { adminFormWords } from "../../worker/lib/validate";
import { adminApi, adminCookie } from "../../worker/test/admin";
import { seedEvent } from "../../worker/test/helpers";
import type { MessageRef } from "../../worker/i18n/message-ref";
import type * as z from "zod/mini";
import { liveConfigForm, type LiveConfigWords, noticeForm, type NoticeWords, carouselForm, categoryForm, firstProblem, passwordChangeForm, staffForm, type CarouselWords, type CategoryWords, type PasswordChangeWords, type StaffWords } from "./admin-forms";

// The staff screens and the API check these forms with one schema each (./admin-forms.ts): each bad
// input below is refused by both, for the same rule, each in its own words.

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function serverSays(path: string, method: string, json: unknown, headers: Record<string, string> = {}): Promise<string> {
  const res = await adminApi(path, { method, json, cookie, headers });
  expect(res.status).toBe(400);
  return (await res.json<{ error: { message: string } }>()).error.message;
}

const user = { name: "Anna Esposito", email: "anna.forms@example.com", role: "manager", password: "Vesuvio-tramonto-42" };
const userCases: [string, Record<string, string>, keyof StaffWords][] = [
  ["a blank name", { ...user, name: "  " }, "nameRequired"],
  ["a name too long", { ...user, name: "A".repeat(101) }, "staffNameTooLong"],
  ["an address without @", { ...user, email: "anna.example.com" }, "invalidStaffEmail"],
  ["a short password", { ...user, password: "corta" }, "passwordTooShort"],
  ["a password too long", { ...user, password: "x".repeat(201) }, "passwordTooLong"],
];

const passwordCases: [string, Record<string, string>, keyof PasswordChangeWords][] = [
  ["a short new password", { currentPassword: "qualcosa", newPassword: "corta" }, "passwordTooShort"],
  ["a current password too long", { currentPassword: "x".repeat(1001), newPassword: "Vesuvio-tramonto-42" }, "invalidPassword"],
];

const categoryCases: [string, Record<string, unknown>, keyof CategoryWords][] = [
  ["a blank name", { name: " ", color: "#FF8800" }, "categoryNameRequired"],
  ["a name too long", { name: "C".repeat(61), color: "#FF8800" }, "categoryNameTooLong"],
  ["an English name too long", { name: "Concerti", nameTranslations: { en: "C".repeat(61) }, color: "#FF8800" }, "categoryNameTooLong"],
  ["a colour by name", { name: "Concerti", color: "red" }, "invalidColor"],
];

const carouselCases: [string, Record<string, unknown>, keyof CarouselWords][] = [
  ["a speed between half pixels", { scrollSpeed: 1.2, frameRate: 16, isEnabled: true }, "invalidCarouselSpeed"],
  ["a speed over 10", { scrollSpeed: 12, frameRate: 16, isEnabled: true }, "invalidCarouselSpeed"],
  ["a speed in words (the screen sends NaN, JSON null)", { scrollSpeed: null, frameRate: 16, isEnabled: true }, "invalidCarouselSpeed"],
  ["a frame of 5 ms", { scrollSpeed: 1, frameRate: 5, isEnabled: true }, "invalidCarouselFrame"],
  ["a fractional frame", { scrollSpeed: 1, frameRate: 16.5, isEnabled: true }, "invalidCarouselFrame"],
];

const notice = { subject: "Cambio di orario", body: "Il varco apre alle 18:00.", subjectTranslations: null, bodyTranslations: null, rateIds: null };
const noticeCases: [string, Record<string, unknown>, keyof NoticeWords][] = [
  ["a blank subject", { ...notice, subject: "  " }, "noticeSubjectRequired"],
  ["a subject on two lines", { ...notice, subject: "Avviso\r\nBcc: tutti@example.it" }, "noticeSubjectOneLine"],
  ["a subject too long", { ...notice, subject: "a".repeat(151) }, "noticeSubjectTooLong"],
  ["a text too long", { ...notice, body: "a".repeat(2001) }, "noticeBodyTooLong"],
  ["an English subject without its text", { ...notice, subjectTranslations: { en: "Notice" } }, "noticeEnglishBoth"],
];

const live = { isEnabled: true, frequency: 10000, targetEventId: null, isRandomEvents: true };
const liveCases: [string, Record<string, unknown>, keyof LiveConfigWords][] = [
  ["a frequency not offered", { ...live, frequency: 7000 }, "invalidNotificationFrequency"],
  ["one chosen event but none chosen", { ...live, isRandomEvents: false }, "liveTargetRequired"],
  ["an event id below 1", { ...live, isRandomEvents: false, targetEventId: -1 }, "invalidEvent"],
];

type Words = Record<string, string>;
/** Each form: its schema in the screen's words, where the API takes it, its bad inputs. */
const forms: { form: string; schema: (w: never) => z.ZodMiniType; words: Words; path: () => Promise<string>; method: string; cases: [string, Record<string, unknown>, string][] }[] = [
  { form: "a new staff account", schema: staffForm, words: itAdmin.users.errors, path: async () => "/api/admin/users", method: "POST", cases: userCases },
  { form: "a password change", schema: passwordChangeForm, words: itAdmin.password.errors, path: async () => "/api/admin/password", method: "PUT", cases: passwordCases },
  { form: "a category", schema: categoryForm, words: itAdmin.categories.errors, path: async () => "/api/categories", method: "POST", cases: categoryCases },
  { form: "the carousel", schema: carouselForm, words: itAdmin.carousel.errors, path: async () => "/api/carousel-settings", method: "PUT", cases: carouselCases },
  { form: "the live pop-ups", schema: liveConfigForm, words: itAdmin.notifications.errors, path: async () => "/api/live-notifications/config", method: "PUT", cases: liveCases },
  { form: "a notice", schema: noticeForm, words: itAdmin.notices.errors, path: async () => `/api/admin/events/${(await seedEvent()).eventId}/notices`, method: "POST", cases: noticeCases },
];

describe("the admin forms: the staff screens and the API agree", () => {
  const table = forms.flatMap(({ cases, ...form }) => cases.map(([what, body, problem]) => ({ ...form, what, body, problem })));
  it.each(table)("$form with $what", async ({ schema, words, path, method, body, problem }) => {
    expect(firstProblem((schema as (w: Words) => z.ZodMiniType)(words), body)?.message).toBe(words[problem]);
    const answer = await serverSays(await path(), method, body, { "Idempotency-Key": crypto.randomUUID() });
    expect(answer).toBe(italianText(adminFormWords[problem as keyof typeof adminFormWords] as MessageRef));
  });

  it("both accept what the screens send when it is right", () => {
    expect(firstProblem(staffForm(itAdmin.users.errors), user)).toBeNull();
    expect(firstProblem(categoryForm(itAdmin.categories.errors), { name: "Concerti", nameTranslations: { en: "", de: "" }, color: "#ff8800" })).toBeNull();
  });
});
