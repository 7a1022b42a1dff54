import { eq, sql } from "drizzle-orm";
import { events, rates, waitlistEntries } from "../../../db/schema";
import { waitingEntryText } from "../../../shared/lifecycle/sql";
import type { Db } from "../../db";
import { emailCatalogues } from "./catalogue";
import { escapeHtml, romeLongDateTime } from "./format";
import { translated } from "../../../shared/translations";
import { layout, textOf, type RenderedEmail, type Row } from "./layout";

/** "You are on the waiting list": the entry as it is now, with its personal link (no booking exists yet). */
export async function renderWaitlistJoined(db: Db, env: Env, entryId: number): Promise<RenderedEmail | null> {
  // The entry read here rather than through waitlist.ts, which hands mails to the outbox (no import cycle).
  const view = Number.isInteger(entryId) ? await joinedEntry(db, entryId) : null;
  if (!view) return null;
  const lang = view.lang;
  const t = emailCatalogues[lang];
  const eventTitle = translated(view.event.title, view.event.titleTranslations, lang);
  const rateName = translated(view.rate.name, view.rate.nameTranslations, lang);
  const link = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/lista-attesa/${view.token}`;
  const paragraphs = [t.waitlistJoined.greeting, t.waitlistJoined.intro(eventTitle), t.waitlistJoined.how];
  const rows: Row[] = [
    { label: t.labels.event, value: eventTitle },
    { label: t.labels.when, value: view.event.isAlwaysActive || view.event.datetime == null ? t.labels.alwaysActive : romeLongDateTime(view.event.datetime, t.dates) },
    { label: t.labels.rate, value: rateName },
    { label: t.labels.plate, value: view.licensePlate },
    ...(view.position != null ? [{ label: t.waitlistJoined.position, value: t.waitlistJoined.place(view.position) }] : []),
  ];
  const subject = t.waitlistJoined.subject(eventTitle);
  const linkHtml = `<p style="margin:16px 0 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;font-weight:600;text-decoration:none">${escapeHtml(t.waitlistJoined.link)}</a><br><span style="font-size:12px;color:#555;word-break:break-all">${escapeHtml(link)}</span></p>`;
  return {
    to: view.email,
    subject,
    html: layout(t, lang, subject, paragraphs, rows, `${linkHtml}<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(t.signature).replace(/\n/g, "<br>")}</p>`),
    text: textOf(paragraphs, rows, [`${t.waitlistJoined.link}: ${link}`, "", t.signature]),
    attachments: [],
  };
}

/** A waiting-list entry with its event and rate, and its place among those still waiting. */
async function joinedEntry(db: Db, entryId: number) {
  const row = await db
    .select({
      token: waitlistEntries.token,
      email: waitlistEntries.email,
      licensePlate: waitlistEntries.licensePlate,
      lang: waitlistEntries.lang,
      waiting: sql<number>`${sql.raw(waitingEntryText(`"waitlist_entries"`))}`,
      position: sql<number>`(select count(*) from waitlist_entries p where p.event_id = ${waitlistEntries.eventId} and ${sql.raw(waitingEntryText("p"))} and p.id <= ${waitlistEntries.id})`,
      event: { title: events.title, titleTranslations: events.titleTranslations, datetime: events.datetime, isAlwaysActive: events.isAlwaysActive },
      rate: { name: rates.name, nameTranslations: rates.nameTranslations },
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(rates, eq(rates.id, waitlistEntries.rateId))
    .where(eq(waitlistEntries.id, entryId))
    .get();
  if (!row) return null;
  const { waiting, position, ...entry } = row;
  return { ...entry, position: waiting ? position : null };
}
