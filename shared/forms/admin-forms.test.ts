import { beforeAll, describe, expect, it } from "vitest";
import { itAdmin } from "../../web/i18n/it-admin";
import { italianText } from "../../worker/i18n/it";
import { adminFormWords } from "../../worker/lib/validate";
import { adminApi, adminCookie } from "../../worker/test/admin";
import { seedEvent } from "../../worker/test/helpers";
import { noticeForm, type NoticeWords, carouselForm, categoryForm, firstProblem, passwordChangeForm, staffForm, type CarouselWords, type CategoryWords, type PasswordChangeWords, type StaffWords } from "./admin-forms";

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

const categoryCases: [string, Record<string, string>, keyof CategoryWords][] = [
  ["a blank name", { name: " ", color: "#FF8800" }, "categoryNameRequired"],
  ["a name too long", { name: "C".repeat(61), color: "#FF8800" }, "categoryNameTooLong"],
  ["an English name too long", { name: "Concerti", nameEn: "C".repeat(61), color: "#FF8800" }, "categoryNameTooLong"],
  ["a colour by name", { name: "Concerti", color: "red" }, "invalidColor"],
];

const carouselCases: [string, Record<string, unknown>, keyof CarouselWords][] = [
  ["a speed between half pixels", { scrollSpeed: 1.2, frameRate: 16, isEnabled: true }, "invalidCarouselSpeed"],
  ["a speed over 10", { scrollSpeed: 12, frameRate: 16, isEnabled: true }, "invalidCarouselSpeed"],
  ["a speed in words (the screen sends NaN, JSON null)", { scrollSpeed: null, frameRate: 16, isEnabled: true }, "invalidCarouselSpeed"],
  ["a frame of 5 ms", { scrollSpeed: 1, frameRate: 5, isEnabled: true }, "invalidCarouselFrame"],
  ["a fractional frame", { scrollSpeed: 1, frameRate: 16.5, isEnabled: true }, "invalidCarouselFrame"],
];

const notice = { subject: "Cambio di orario", body: "Il varco apre alle 18:00.", subjectEn: null, bodyEn: null, rateIds: null };
const noticeCases: [string, Record<string, unknown>, keyof NoticeWords][] = [
  ["a blank subject", { ...notice, subject: "  " }, "noticeSubjectRequired"],
  ["a subject on two lines", { ...notice, subject: "Avviso\r\nBcc: tutti@example.it" }, "noticeSubjectOneLine"],
  ["a subject too long", { ...notice, subject: "a".repeat(151) }, "noticeSubjectTooLong"],
  ["a text too long", { ...notice, body: "a".repeat(2001) }, "noticeBodyTooLong"],
  ["an English subject without its text", { ...notice, subjectEn: "Notice" }, "noticeEnglishBoth"],
];

describe("the admin forms: the staff screens and the API agree", () => {
  it.each(userCases)("a new staff account with %s", async (_, body, problem) => {
    expect(firstProblem(staffForm(itAdmin.users.errors), body)?.message).toBe(itAdmin.users.errors[problem]);
    expect(await serverSays("/api/admin/users", "POST", body)).toBe(italianText(adminFormWords[problem]));
  });

  it.each(passwordCases)("a password change with %s", async (_, body, problem) => {
    expect(firstProblem(passwordChangeForm(itAdmin.password.errors), body)?.message).toBe(itAdmin.password.errors[problem]);
    expect(await serverSays("/api/admin/password", "PUT", body)).toBe(italianText(adminFormWords[problem]));
  });

  it.each(categoryCases)("a category with %s", async (_, body, problem) => {
    expect(firstProblem(categoryForm(itAdmin.categories.errors), body)?.message).toBe(itAdmin.categories.errors[problem]);
    expect(await serverSays("/api/categories", "POST", body)).toBe(italianText(adminFormWords[problem]));
  });

  it.each(carouselCases)("the carousel with %s", async (_, body, problem) => {
    expect(firstProblem(carouselForm(itAdmin.carousel.errors), body)?.message).toBe(itAdmin.carousel.errors[problem]);
    expect(await serverSays("/api/carousel-settings", "PUT", body)).toBe(italianText(adminFormWords[problem]));
  });

  it.each(noticeCases)("a notice with %s", async (_, body, problem) => {
    const { eventId } = await seedEvent();
    expect(firstProblem(noticeForm(itAdmin.notices.errors), body)?.message).toBe(itAdmin.notices.errors[problem]);
    expect(await serverSays(`/api/admin/events/${eventId}/notices`, "POST", body, { "Idempotency-Key": crypto.randomUUID() })).toBe(italianText(adminFormWords[problem]));
  });

  it("both accept what the screens send when it is right", () => {
    expect(firstProblem(staffForm(itAdmin.users.errors), user)).toBeNull();
    expect(firstProblem(categoryForm(itAdmin.categories.errors), { name: "Concerti", nameEn: "", color: "#ff8800" })).toBeNull();
  });
});
