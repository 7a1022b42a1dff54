import { and, eq } from "drizzle-orm";
import { REF } from "../../lib/attribution";
import { garage } from "../../../shared/garage";
import { appleWalletConfig, googleWalletConfig } from "../wallet/config";
import { bookings, documents, notices, waitlistEntries, type EmailOutboxRow } from "../../../db/schema";
import type { Db } from "../../db";
import { bookingCodeOf } from "../../../shared/rules";
import { emailCatalogues } from "./catalogue";
import { escapeHtml, euro, romeLongDate, romeLongDateTime } from "./format";
import { REFUND_WORKING_DAYS } from "../../../shared/lifecycle/money";
import { addWorkingDays } from "../../lib/time";
import { GARAGE_TIME_ZONE } from "../../../shared/rules";
import { icsOf } from "./ics";
import { passStatusOf } from "../../../shared/lifecycle/booking";
import { cancelDeadline, eventEndsAt, MINUTE_MS, withinCancelDeadline } from "../../../shared/lifecycle/event";
import { getReminderSettings } from "../settings";
import { qrPng } from "./qr-png";
import { bookingFacts } from "../booking-facts";
import { translated, translatedTogether } from "../../../shared/translations";
import { base64, layout, mapsUrl, QR_CID, textOf, type RenderedEmail, type Row } from "./layout";
import { renderWaitlistJoined } from "./render-waitlist-joined";
import { renderInvoiceCopy } from "./render-invoice-copy";

/**
 * The message an outbox row stands for, from the booking as it is now, in the language the booking
 * was made in (bookings.lang). The same function renders what the queue consumer sends and the
 * admin's preview of a message not sent yet.
 */
export async function renderOutboxRow(db: Db, env: Env, row: Pick<EmailOutboxRow, "bookingId" | "kind" | "data"> & { noticeId?: string | null }): Promise<RenderedEmail | null> {
  if (row.kind === "waitlist_joined") return renderWaitlistJoined(db, env, Number(row.data?.entryId));
  if (row.kind === "invoice_copy") return row.bookingId ? renderInvoiceCopy(db, env, row.bookingId) : null;
  if (!row.bookingId) return null;
  const facts = await bookingFacts(db, eq(bookings.id, row.bookingId));
  if (!facts) return null;
  const lang = facts.lang;
  const t = emailCatalogues[lang];
  // The garage's texts in the booking's language, else English, else the Italian (as on the site).
  const b = {
    ...facts,
    eventTitle: translated(facts.eventTitle, facts.eventTitleTranslations, lang),
    rateName: facts.rateName == null ? null : translated(facts.rateName, facts.rateNameTranslations, lang),
  };
  const code = bookingCodeOf(b.id);
  const when = b.isAlwaysActive || b.datetime == null ? t.labels.alwaysActive : romeLongDateTime(b.datetime, t.dates);
  const passUrl = b.passSecret && passStatusOf(b.status, b.cancelledAt != null) === "valid" ? `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/p/${b.passSecret}` : null;
  /** The booking in the calendar, at the event's time as it is now (the same UID, so an update moves it). */
  const calendarOf = (e: typeof b): EmailAttachment[] => {
    const end = eventEndsAt(e);
    if (e.datetime == null || end == null) return [];
    const ics = icsOf({
      uid: `${e.id}@parcheggieventi.it`,
      start: e.datetime,
      end,
      summary: t.confirmation.calendarSummary(e.eventTitle),
      location: garage.address,
      description: `${t.labels.code}: ${code}\n${t.labels.plate}: ${e.licensePlate}${passUrl ? `\n${t.labels.pass}: ${passUrl}` : ""}`,
      url: passUrl ?? env.PUBLIC_BASE_URL,
      stamp: Date.now(),
    });
    return [{ disposition: "attachment", filename: t.confirmation.calendarFile, type: "text/calendar", content: ics }];
  };
  const base: Row[] = [
    { label: t.labels.event, value: b.eventTitle },
    { label: t.labels.when, value: when },
    { label: t.labels.address, value: garage.address, href: mapsUrl },
    ...(b.rateName ? [{ label: t.labels.rate, value: b.rateName }] : []),
    { label: t.labels.plate, value: b.licensePlate },
    { label: t.labels.code, value: code },
  ];

  /** The pass with its QR (inline image), for the messages a customer shows at the gate. */
  const passBlock = async () => {
    const attachments: EmailAttachment[] = [];
    let passHtml = "";
    const tail: string[] = [];
    if (passUrl) {
      attachments.push({ disposition: "inline", contentId: QR_CID, filename: "pass-qr.png", type: "image/png", content: await qrPng(passUrl) });
      passHtml =
        `<h2 style="font-size:17px;margin:16px 0 8px">${escapeHtml(t.labels.pass)}</h2>` +
        `<table style="border-collapse:collapse"><tr><td style="padding-right:16px"><img src="cid:${QR_CID}" width="200" height="200" alt="${escapeHtml(t.labels.qrAlt(code))}" style="display:block"></td>` +
        `<td style="vertical-align:middle;line-height:1.5">${escapeHtml(t.labels.passHint)}<br><a href="${escapeHtml(passUrl)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(t.labels.passLink)}</a><br><span style="font-size:12px;color:#555;word-break:break-all">${escapeHtml(passUrl)}</span></td></tr></table>`;
      tail.push(`${t.labels.pass}: ${passUrl}`, t.labels.passHint, "");
      // The pass in the phone's wallet, where the shop offers it (docs/decisions/050-wallet-passes.md).
      const wallet = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/api/wallet/${b.passSecret}`;
      const walletLinks = [
        ...(appleWalletConfig(env) ? [{ label: t.labels.walletApple, href: `${wallet}/apple.pkpass` }] : []),
        ...(googleWalletConfig(env) ? [{ label: t.labels.walletGoogle, href: `${wallet}/google` }] : []),
      ];
      if (walletLinks.length) {
        passHtml += `<p style="margin:12px 0 0">${walletLinks
          .map((l) => `<a href="${escapeHtml(l.href)}" style="display:inline-block;margin:0 8px 8px 0;padding:8px 14px;border-radius:8px;background:#0f172a;color:#fff;font-weight:600;text-decoration:none">${escapeHtml(l.label)}</a>`)
          .join("")}</p>`;
        tail.push(...walletLinks.map((l) => `${l.label}: ${l.href}`), "");
      }
    }
    return { attachments, passHtml, tail };
  };
  const signatureHtml = `<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(t.signature).replace(/\n/g, "<br>")}</p>`;
  /** The site's events, the link marked with the message it came in: a booking it brings is counted as that message's (decision 059). */
  const nextEvents = (ref: string) => {
    const href = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/?ref=${ref}`;
    return { html: `<p style="margin:16px 0 0"><a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(t.labels.nextEvents)}</a></p>`, text: [`${t.labels.nextEvents}: ${href}`, ""] };
  };

  if (row.kind === "notice") {
    const notice = row.noticeId ? await db.select().from(notices).where(eq(notices.id, row.noticeId)).get() : undefined;
    if (!notice) return null;
    // Subject and body from one language: the booking's, else English, else the Italian. Always text, never markup.
    const { subject, body } = translatedTogether({ subject: notice.subject, body: notice.body }, { subject: notice.subjectTranslations, body: notice.bodyTranslations }, lang);
    const paragraphs = [t.greeting(b.customerName), t.notice.intro(b.eventTitle), body];
    const rows = base.filter((r) => r.label !== t.labels.rate);
    const linkHtml = passUrl ? `<p style="margin:16px 0 0"><a href="${escapeHtml(passUrl)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(t.labels.passLink)}</a></p>` : "";
    const more = nextEvents(REF.emailNotice);
    return {
      to: b.customerEmail,
      subject,
      html: layout(t, lang, subject, paragraphs, rows, linkHtml + more.html + signatureHtml),
      text: textOf(paragraphs, rows, [...(passUrl ? [`${t.labels.pass}: ${passUrl}`, ""] : []), ...more.text, t.signature]),
      attachments: [],
    };
  }

  if (row.kind === "reminder") {
    const settings = await getReminderSettings(db);
    const opens = b.datetime != null ? romeLongDateTime(b.datetime - settings.gateOpensMinutesBefore * MINUTE_MS, t.dates) : null;
    const deadline = cancelDeadline(b);
    const cancellable = b.gateState == null && withinCancelDeadline(b, Date.now()) && deadline != null;
    const paragraphs = [
      t.greeting(b.customerName),
      t.reminder.intro,
      cancellable ? t.reminder.canCancel(romeLongDateTime(deadline, t.dates)) : t.reminder.cannotCancel,
    ];
    const rows = [base[0], base[1], ...(opens ? [{ label: t.reminder.gateOpens, value: opens }] : []), ...base.slice(2)];
    const { attachments, passHtml, tail } = await passBlock();
    const more = nextEvents(REF.emailReminder);
    tail.push(...more.text, t.signature);
    const subject = t.reminder.subject(b.eventTitle);
    return {
      to: b.customerEmail,
      subject,
      html: layout(t, lang, subject, paragraphs, rows, passHtml + more.html + signatureHtml),
      text: textOf(paragraphs, rows, tail),
      attachments: [...attachments, ...calendarOf(b)],
    };
  }

  if (row.kind === "waitlist_offer") {
    // The offer's hold, as it is now: its personal link, its price and until when it holds the spot.
    const entry = await db.select({ token: waitlistEntries.token }).from(waitlistEntries).where(eq(waitlistEntries.bookingId, b.id)).get();
    const hold = await db.select({ holdExpiresAt: bookings.holdExpiresAt }).from(bookings).where(eq(bookings.id, b.id)).get();
    if (!entry || !hold) return null;
    const link = `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/lista-attesa/${entry.token}`;
    const paragraphs = [t.waitlistOffer.greeting, t.waitlistOffer.intro(b.eventTitle), t.waitlistOffer.how];
    const rows: Row[] = [
      base[0],
      base[1],
      ...(b.rateName ? [{ label: t.labels.rate, value: b.rateName }] : []),
      { label: t.labels.plate, value: b.licensePlate },
      { label: t.waitlistOffer.price, value: euro(b.amountCents, lang) },
      { label: t.waitlistOffer.until, value: romeLongDateTime(hold.holdExpiresAt, t.dates) },
    ];
    const subject = t.waitlistOffer.subject(b.eventTitle);
    const linkHtml = `<p style="margin:16px 0 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;font-weight:600;text-decoration:none">${escapeHtml(t.waitlistOffer.link)}</a><br><span style="font-size:12px;color:#555;word-break:break-all">${escapeHtml(link)}</span></p>`;
    return {
      to: b.customerEmail,
      subject,
      html: layout(t, lang, subject, paragraphs, rows, linkHtml + signatureHtml),
      text: textOf(paragraphs, rows, [`${t.waitlistOffer.link}: ${link}`, "", t.signature]),
      attachments: [],
    };
  }

  if (row.kind === "confirmation") {
    const rows = [...base.slice(0, 5), { label: t.labels.amount, value: euro(b.amountCents, lang) }, base[base.length - 1]];
    const paragraphs = [t.greeting(b.customerName), t.confirmation.intro];
    const { attachments, passHtml, tail } = await passBlock();
    // The receipt, issued in the batch that paid the booking (docs/decisions/047-documents.md).
    const receipt = await db.select({ id: documents.id }).from(documents).where(and(eq(documents.bookingId, b.id), eq(documents.kind, "receipt"))).get();
    const receiptUrl = receipt ? `${env.PUBLIC_BASE_URL.replace(/\/$/, "")}/ricevuta/${receipt.id}?lang=${lang}` : null;
    const receiptHtml = receiptUrl ? `<p style="margin:16px 0 0"><a href="${escapeHtml(receiptUrl)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(t.labels.receiptLink)}</a></p>` : "";
    if (receiptUrl) tail.push(`${t.labels.receiptLink}: ${receiptUrl}`, "");
    tail.push(t.signature);
    attachments.push(...calendarOf(b));
    const subject = t.confirmation.subject(b.eventTitle);
    return {
      to: b.customerEmail,
      subject,
      html: layout(t, lang, subject, paragraphs, rows, passHtml + receiptHtml + `<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(t.signature).replace(/\n/g, "<br>")}</p>`),
      text: textOf(paragraphs, rows, tail),
      attachments,
    };
  }

  if (row.kind === "season_match_cancelled") {
    // One match of a season pass cancelled: what the season's policy gives back, and that the rest stands.
    const refundCents = Number(row.data?.refundCents ?? 0);
    const s = t.seasonMatchCancelled;
    const policyLine = refundCents > 0 ? s.share(euro(refundCents, lang)) : row.data?.paid === true ? s.none : s.free;
    const paragraphs = [t.greeting(b.customerName), s.intro(b.eventTitle, when), policyLine];
    const rows: Row[] = [base[0], base[1], { label: t.labels.plate, value: b.licensePlate }, ...(refundCents > 0 ? [{ label: t.labels.refunded, value: euro(refundCents, lang) }] : [])];
    const subject = s.subject(b.eventTitle);
    return {
      to: b.customerEmail,
      subject,
      html: layout(t, lang, subject, paragraphs, rows, signatureHtml),
      text: textOf(paragraphs, rows, [t.signature]),
      attachments: [],
    };
  }

  if (row.kind === "event_postponed") {
    // The deadline the pass page shows: the event's own, the postponement's window included.
    const deadline = cancelDeadline(b);
    const until = deadline != null ? romeLongDateTime(deadline, t.dates) : null;
    const paragraphs = [t.greeting(b.customerName), t.postponed.intro(when), ...(until ? [t.postponed.cancelWindow(until)] : [])];
    const rows = [base[0], { label: t.postponed.newDate, value: when }, ...base.slice(2)];
    const subject = t.postponed.subject(b.eventTitle);
    const linkHtml = passUrl ? `<p style="margin:16px 0 0"><a href="${escapeHtml(passUrl)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(t.labels.passLink)}</a></p>` : "";
    return {
      to: b.customerEmail,
      subject,
      html: layout(t, lang, subject, paragraphs, rows, linkHtml + `<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(t.signature).replace(/\n/g, "<br>")}</p>`),
      text: textOf(paragraphs, rows, [...(passUrl ? [`${t.labels.pass}: ${passUrl}`, ""] : []), t.signature]),
      attachments: calendarOf(b),
    };
  }

  // refund: a cancellation (the customer's or the event's) says so; staff's own refunds carry their reason as typed.
  const amount = Number(row.data?.amountCents ?? 0);
  const full = row.data?.full === true;
  const source = row.data?.source;
  const stored = typeof row.data?.reason === "string" ? row.data.reason : "";
  const reason = source === "customer" ? t.reasons.customer : source === "event_cancelled" ? t.reasons.eventCancelled : stored;
  const refundedAt = typeof row.data?.at === "number" ? row.data.at : Date.now();
  const by = romeLongDate(addWorkingDays(refundedAt, REFUND_WORKING_DAYS).toZonedDateTime({ timeZone: GARAGE_TIME_ZONE, plainTime: "12:00" }).epochMilliseconds, t.dates);
  const intro =
    source === "customer" ? t.cancelled.intro(b.eventTitle, when) : source === "event_cancelled" ? t.eventCancelled.intro(b.eventTitle, when) : full ? t.refund.introFull : t.refund.introPartial;
  const paragraphs = [t.greeting(b.customerName), intro, t.refund.timing];
  const rows = [
    ...base,
    { label: t.labels.refunded, value: euro(amount, lang) },
    { label: t.labels.refundBy, value: by },
    ...(reason ? [{ label: t.labels.reason, value: reason }] : []),
  ];
  const subject = source === "customer" ? t.cancelled.subject(b.eventTitle) : source === "event_cancelled" ? t.eventCancelled.subject(b.eventTitle) : t.refund.subject(b.eventTitle);
  return {
    to: b.customerEmail,
    subject,
    html: layout(t, lang, subject, paragraphs, rows, `<p style="margin:16px 0 0;line-height:1.5">${escapeHtml(t.signature).replace(/\n/g, "<br>")}</p>`),
    text: textOf(paragraphs, rows, [t.signature]),
    attachments: [],
  };
}

/** The HTML with its inline images as data: URLs, for the admin's preview in a sandboxed frame. */
export function previewHtml(email: Pick<RenderedEmail, "html" | "attachments">): string {
  let html = email.html;
  for (const a of email.attachments) {
    if (a.disposition !== "inline" || typeof a.content === "string") continue;
    const bytes = a.content instanceof ArrayBuffer ? new Uint8Array(a.content) : new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength);
    html = html.replaceAll(`cid:${a.contentId}`, `data:${a.type};base64,${base64(bytes)}`);
  }
  return html;
}
