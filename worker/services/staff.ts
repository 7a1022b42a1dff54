import { and, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { adminSessions, staffUsers, type StaffRole, type StaffUser } from "../../db/schema";
import type { Db } from "../db";
import { pick } from "../lib/pick";
import { updateUnrevokedSessions } from "./admin-sessions";
import { toIso } from "../lib/time";
import { hashPassword, PASSWORD_MIN_LENGTH, secretMatches, UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./passwords";
import { fail, ok, type Outcome } from "../lib/errors";
import { messages } from "../i18n/it";

/** What a request knows about the staff member behind its session (`c.var.staff`). */
export type Staff = { id: number; email: string; name: string; role: StaffRole };

export type StaffDto = Staff & { disabled: boolean; createdAt: string; updatedAt: string | null };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const staffColumns = { id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role };

function toDto(row: StaffUser): StaffDto {
  return {
    ...pick(row, ["id", "email", "name", "role"]),
    disabled: row.disabledAt !== null,
    createdAt: toIso(row.createdAt)!,
    updatedAt: toIso(row.updatedAt),
  };
}

export async function listStaff(db: Db): Promise<StaffDto[]> {
  const rows = await db.select().from(staffUsers).orderBy(staffUsers.name, staffUsers.id);
  return rows.map(toDto);
}

export type StaffInput = { email: string; name: string; role: StaffRole; password: string };

/** A new account; null when the e-mail is taken (the unique index decides, not a prior read). */
export async function createStaff(db: Db, input: StaffInput, now: number): Promise<StaffDto | null> {
  const row = await db
    .insert(staffUsers)
    .values({ email: normalizeEmail(input.email), name: input.name.trim(), role: input.role, passwordHash: await hashPassword(input.password), createdAt: now })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning()
    .get();
  return row ? toDto(row) : null;
}

/**
 * The first owner comes from the ADMIN_EMAIL / ADMIN_PASSWORD secrets: a login with exactly those
 * credentials while no owner account exists creates it (name "Admin"), in one guarded INSERT so two
 * first logins at once still make one owner. Once an owner exists the secrets open nothing; without
 * them (or with a password shorter than the rule for accounts) nobody is created.
 */
export async function bootstrapFirstOwner(
  db: Db,
  secrets: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
  login: { email: string; password: string },
  now: number,
): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = secrets;
  if (!email || !password || normalizeEmail(login.email) !== normalizeEmail(email)) return;
  if (!(await secretMatches(login.password, password))) return;
  if (password.length < PASSWORD_MIN_LENGTH) {
    console.error(`ADMIN_PASSWORD is shorter than ${PASSWORD_MIN_LENGTH} characters: no owner account created`);
    return;
  }
  const owner = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.role, "owner")).limit(1).get();
  if (owner) return;
  const passwordHash = await hashPassword(password);
  await db.run(sql`
    insert into ${staffUsers} (email, name, role, password_hash, created_at)
    select ${normalizeEmail(email)}, 'Admin', 'owner', ${passwordHash}, ${now}
    where not exists (select 1 from ${staffUsers} where role = 'owner')
    on conflict (email) do nothing`);
}

/**
 * The enabled account with this e-mail and password, else null. Unknown e-mails and disabled
 * accounts do the same PBKDF2 work as a wrong password, so neither answer nor timing tells them apart.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<Staff | null> {
  const row = await db.select().from(staffUsers).where(eq(staffUsers.email, normalizeEmail(email))).get();
  const matches = await verifyPassword(password, row?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  if (!row || !matches || row.disabledAt !== null) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export type StaffChange = { name?: string; role?: StaffRole; disabled?: boolean; password?: string };

/**
 * Applies a change to an account in one batch: the guarded UPDATE (never leaves the garage without
 * an enabled owner), then the revocation of the account's sessions when the role changed, the
 * account was disabled or its password was reset. The revocation is conditioned on the account
 * now being in its new state, so a refused change revokes nothing. `keepSessionId` survives a
 * password reset (an owner resetting their own password stays signed in).
 */
export async function updateStaff(db: Db, id: number, change: StaffChange, now: number, keepSessionId?: string): Promise<Outcome<StaffDto>> {
  const current = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).get();
  if (!current) return fail(404, "not_found", messages.userNotFound);

  const set: Partial<typeof staffUsers.$inferInsert> = { updatedAt: now };
  const newState: SQL[] = [];
  let revokeAll = false;
  if (change.name !== undefined) set.name = change.name.trim();
  if (change.role !== undefined && change.role !== current.role) {
    set.role = change.role;
    newState.push(eq(staffUsers.role, change.role));
    revokeAll = true;
  }
  if (change.disabled === true && current.disabledAt === null) {
    set.disabledAt = now;
    newState.push(isNotNull(staffUsers.disabledAt));
    revokeAll = true;
  }
  if (change.disabled === false) set.disabledAt = null;
  if (change.password !== undefined) {
    set.passwordHash = await hashPassword(change.password);
    newState.push(eq(staffUsers.passwordHash, set.passwordHash));
  }

  // Decided by the row as the statement finds it, not as read above, so concurrent changes cannot race past it.
  const mayRemoveOwner = (set.role !== undefined && set.role !== "owner") || typeof set.disabledAt === "number";
  const otherOwner = db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.disabledAt), ne(staffUsers.id, id)));
  const guard = mayRemoveOwner ? sql`(${staffUsers.role} <> 'owner' or ${staffUsers.disabledAt} is not null or exists ${otherOwner})` : undefined;
  const update = db.update(staffUsers).set(set).where(and(eq(staffUsers.id, id), guard)).returning();

  if (newState.length === 0) {
    const row = await update.get();
    return row ? ok(toDto(row)) : fail(409, "conflict", messages.lastOwner);
  }
  const inNewState = db.select({ id: staffUsers.id }).from(staffUsers).where(and(eq(staffUsers.id, id), ...newState));
  const revoke = updateUnrevokedSessions(
    db,
    { revokedAt: now },
    eq(adminSessions.staffId, id),
    revokeAll || !keepSessionId ? undefined : ne(adminSessions.id, keepSessionId),
    sql`exists ${inNewState}`,
  );
  const [rows] = await db.batch([update, revoke]);
  const row = rows[0];
  return row ? ok(toDto(row)) : fail(409, "conflict", messages.lastOwner);
}
