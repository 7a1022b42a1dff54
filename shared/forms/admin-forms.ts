/**
 * The rules of the admin's small forms (staff accounts, password change, categories), written once: the
 * Worker's routes validate with them and the staff screens check the same fields before sending. zod's mini
 * build, loaded with the admin chunks only. A problem is a code; each side gives its words for the codes
 * (worker/i18n references, web/i18n/it-admin.ts texts). The one text rule for characters (worker/lib/text.ts)
 * is the Worker's and runs after these.
 */
import * as z from "zod/mini";
import { EMAIL_MAX } from "./customer-forms";
import { TRANSLATED_LANGS } from "../translations";
import { translationsField } from "./translations-form";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
/** What a login or the current password may be at most: longer is no password of ours. */
export const PASSWORD_INPUT_MAX = 1000;
export const STAFF_NAME_MAX = 100;
export const CATEGORY_NAME_MAX = 60;
export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** A one-line text that must be there (trimmed), at most `max` long. */
const requiredLine = (max: number, required: string, tooLong: string) => z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

export type PasswordWords = { passwordTooShort: string; passwordTooLong: string };
/** A new password: the length the house asks for (its strength is the Worker's check, it needs the checker's dictionary). */
export const newPassword = (w: PasswordWords, required: string) =>
  z.string(required).check(z.minLength(PASSWORD_MIN_LENGTH, w.passwordTooShort), z.maxLength(PASSWORD_MAX_LENGTH, w.passwordTooLong));

export type StaffWords = PasswordWords & { passwordRequired: string; nameRequired: string; staffNameTooLong: string; invalidStaffEmail: string };
/** A staff account's own fields (the role comes from a list the Worker knows). */
export const staffFields = (w: StaffWords) => ({
  email: z.pipe(z.string(w.invalidStaffEmail).check(z.trim()), z.email(w.invalidStaffEmail).check(z.maxLength(EMAIL_MAX, w.invalidStaffEmail))),
  name: requiredLine(STAFF_NAME_MAX, w.nameRequired, w.staffNameTooLong),
  password: newPassword(w, w.passwordRequired),
});
export const staffForm = (w: StaffWords) => z.object(staffFields(w));

export type PasswordChangeWords = PasswordWords & { currentPasswordRequired: string; newPasswordRequired: string; invalidPassword: string };
/** Any staff member's own password change. */
export const passwordChangeForm = (w: PasswordChangeWords) =>
  z.object({
    currentPassword: z.string(w.currentPasswordRequired).check(z.maxLength(PASSWORD_INPUT_MAX, w.invalidPassword)),
    newPassword: newPassword(w, w.newPasswordRequired),
  });

export type CategoryWords = { categoryNameRequired: string; categoryNameTooLong: string; invalidColor: string };
/** A category: its name, the name in other languages (a blank one is not written), a colour "#RRGGBB". */
export const categoryFields = (w: CategoryWords) => ({
  name: requiredLine(CATEGORY_NAME_MAX, w.categoryNameRequired, w.categoryNameTooLong),
  nameTranslations: translationsField(z.string().check(z.trim(), z.maxLength(CATEGORY_NAME_MAX, w.categoryNameTooLong))),
  color: z._default(z.pipe(z.string(w.invalidColor).check(z.regex(COLOR_PATTERN, w.invalidColor)), z.transform((c: string) => c.toUpperCase())), "#3B82F6"),
});
export const categoryForm = (w: CategoryWords) => z.object(categoryFields(w));

/** The staff screen's check: the first problem's words and which field, or null when the form may be sent. */
export function firstProblem(schema: z.ZodMiniType, values: unknown): { message: string; field: string } | null {
  const result = z.safeParse(schema, values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue.message, field: String(issue.path[0] ?? "") };
}

/** Spec §5: the partners' carousel moves 0.5–10 px (in half pixels) every 8–50 ms. */
export const CAROUSEL_SPEED = { min: 0.5, max: 10, step: 0.5 } as const;
export const CAROUSEL_FRAME_MS = { min: 8, max: 50, step: 1 } as const;
export type CarouselWords = { invalidCarouselSpeed: string; invalidCarouselFrame: string; carouselEnabledRequired: string };
export const carouselForm = (w: CarouselWords) =>
  z.object({
    scrollSpeed: z.number(w.invalidCarouselSpeed).check(z.gte(CAROUSEL_SPEED.min, w.invalidCarouselSpeed), z.lte(CAROUSEL_SPEED.max, w.invalidCarouselSpeed), z.multipleOf(CAROUSEL_SPEED.step, w.invalidCarouselSpeed)),
    frameRate: z.int(w.invalidCarouselFrame).check(z.gte(CAROUSEL_FRAME_MS.min, w.invalidCarouselFrame), z.lte(CAROUSEL_FRAME_MS.max, w.invalidCarouselFrame)),
    isEnabled: z.boolean(w.carouselEnabledRequired),
  });

export const NOTICE_SUBJECT_MAX = 150;
export const NOTICE_BODY_MAX = 2000;
export type NoticeWords = {
  noticeSubjectRequired: string;
  noticeSubjectOneLine: string;
  noticeSubjectTooLong: string;
  noticeBodyRequired: string;
  noticeBodyTooLong: string;
  noticeEnglishBoth: string;
  invalidData: string;
  invalidId: string;
};
// Control characters (line breaks included) would end a mail header; the subject is one line of text.
const noticeSubject = (w: NoticeWords) => z.string(w.noticeSubjectRequired).check(z.regex(/^[^\p{Cc}]*$/u, w.noticeSubjectOneLine), z.trim(), z.maxLength(NOTICE_SUBJECT_MAX, w.noticeSubjectTooLong));
// Line breaks and tabs are the text's own; other control characters are not text. HTML is kept as typed and always shown as text.
const noticeBody = (w: NoticeWords) =>
  z.string(w.noticeBodyRequired).check(z.regex(/^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$/, w.invalidData), z.trim(), z.minLength(1, w.noticeBodyRequired), z.maxLength(NOTICE_BODY_MAX, w.noticeBodyTooLong));
/** A notice to an event's customers: subject and text, in each other language both or neither, to every rate or some. */
export const noticeForm = (w: NoticeWords) =>
  z
    .object({
      subject: noticeSubject(w).check(z.minLength(1, w.noticeSubjectRequired)),
      body: noticeBody(w),
      subjectTranslations: translationsField(noticeSubject(w)),
      bodyTranslations: translationsField(z.string(w.noticeBodyRequired).check(z.regex(/^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$/, w.invalidData), z.trim(), z.maxLength(NOTICE_BODY_MAX, w.noticeBodyTooLong))),
      rateIds: z.optional(z.nullable(z.array(z.int().check(z.positive(w.invalidId)), w.invalidData).check(z.maxLength(50)))),
    })
    .check(z.refine((n) => TRANSLATED_LANGS.every((lang) => !n.subjectTranslations[lang] === !n.bodyTranslations[lang]), { message: w.noticeEnglishBoth, path: ["subjectTranslations"] }));

/** How often the home's live pop-ups may show, in ms (spec §5). */
export const LIVE_FREQUENCIES = [5000, 10000, 15000, 30000, 60000] as const;
export type LiveConfigWords = {
  notificationsEnabledRequired: string;
  invalidNotificationFrequency: string;
  invalidEvent: string;
  randomEventsRequired: string;
  liveTargetRequired: string;
};
/** The live pop-ups: on or off, how often, and random events or one chosen event. */
export const liveConfigForm = (w: LiveConfigWords) =>
  z
    .object({
      isEnabled: z.boolean(w.notificationsEnabledRequired),
      frequency: z.number(w.invalidNotificationFrequency).check(z.refine((f) => (LIVE_FREQUENCIES as readonly number[]).includes(f), w.invalidNotificationFrequency)),
      targetEventId: z.nullable(z.int(w.invalidEvent).check(z.positive(w.invalidEvent))),
      isRandomEvents: z.boolean(w.randomEventsRequired),
    })
    .check(z.refine((c) => c.isRandomEvents || c.targetEventId !== null, { message: w.liveTargetRequired, path: ["targetEventId"] }));
