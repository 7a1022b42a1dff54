import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { REDACTED } from "../retention";

/** Rows per statement: an hour's run deletes at most this many of each kind, the next run goes on. */
const BATCH = 2_000;

/**
 * The outbox's retention (docs/decisions/063-server-pages.md, the arithmetic in docs/benchmarks.md).
 * A sent (or finally failed) message keeps its facts — booking, kind, data — so the admin's preview
 * renders it again; once the booking's personal data is erased (PERSONAL_DATA_RETENTION_DAYS after
 * the event), rendering it again would show "***" to "***", so the row goes. A waiting-list message
 * without a booking goes once its entry's e-mail is erased. A notice's rows stay, compacted to their
 * status (the notice's delivered and failed counts read them): recipient, subject, provider id,
 * error and data are cleared, and the 80-byte dedupe key ("notice:<notice>:<booking>", needed only
 * while the notice is written) becomes "n<row id>", which no live key can be (they all have a colon).
 * Queued or sending rows are never touched.
 */
export async function compactSentEmails(db: Db): Promise<{ deleted: number; compacted: number }> {
  const done = sql`o.status in ('sent', 'failed')`;
  const bookingRows = await db.run(sql`delete from email_outbox where id in (
      select o.id from email_outbox o join bookings b on b.id = o.booking_id
      where ${done} and o.notice_id is null and b.personal_data_anonymized_at is not null limit ${BATCH})`);
  const waitlistRows = await db.run(sql`delete from email_outbox where id in (
      select o.id from email_outbox o join waitlist_entries w on w.id = json_extract(o.data, '$.entryId')
      where ${done} and o.booking_id is null and o.kind = 'waitlist_joined' and w.email = ${REDACTED} limit ${BATCH})`);
  // Independent statements: one interrupted leaves the others' work for the next run.
  const noticeRows = await db.run(sql`update email_outbox set to_address = null, subject = null, provider_message_id = null, last_error = null, data = null,
        dedupe_key = 'n' || id
      where id in (
        select o.id from email_outbox o join bookings b on b.id = o.booking_id
        where ${done} and o.notice_id is not null and b.personal_data_anonymized_at is not null
          and (o.to_address is not null or o.subject is not null or o.provider_message_id is not null or o.last_error is not null or o.data is not null or o.dedupe_key like 'notice:%')
        limit ${BATCH})`);
  return { deleted: bookingRows.meta.changes + waitlistRows.meta.changes, compacted: noticeRows.meta.changes };
}
