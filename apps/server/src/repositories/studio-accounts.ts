// The studio's accounts and their sessions. A session is found by the digest of its cookie's
// secret, and only while its account is enabled and it is neither idle too long nor past its end.
import { createHash, randomBytes } from 'node:crypto';
import type { StudioRole } from '@efir/contract';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { studioSession, studioUser } from '../db/schema/index.ts';

export type StudioUserRow = typeof studioUser.$inferSelect;

export interface SessionLimits {
  idleMinutes: number;
  hours: number;
}

/** The digest under which a session's secret is kept. */
export function sessionKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export async function findUserByLogin(db: Db, login: string): Promise<StudioUserRow | undefined> {
  return (await db.select().from(studioUser).where(eq(studioUser.login, login)))[0];
}

export async function findUser(db: Db, id: number): Promise<StudioUserRow | undefined> {
  return (await db.select().from(studioUser).where(eq(studioUser.id, id)))[0];
}

/** Every account with the newest use of any of its sessions. */
export async function listUsers(db: Db): Promise<(StudioUserRow & { lastSeenAt: Date | null })[]> {
  const rows = await db
    .select({ user: studioUser, lastSeenAt: sql<string | null>`max(${studioSession.lastSeenAt})` })
    .from(studioUser)
    .leftJoin(studioSession, eq(studioSession.userId, studioUser.id))
    .groupBy(studioUser.id)
    .orderBy(asc(studioUser.login));
  return rows.map((row) => ({ ...row.user, lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt) }));
}

/**
 * The enabled admins, counted under a lock on each until the transaction `db` ends: two changes
 * that would each leave one admin (two admins demoting each other at once) are taken one after
 * the other, and the second counts what the first left.
 */
export async function lockEnabledAdmins(db: Db): Promise<number> {
  const rows = await db
    .select({ id: studioUser.id })
    .from(studioUser)
    .where(and(eq(studioUser.role, 'admin'), isNull(studioUser.disabledAt)))
    .for('update');
  return rows.length;
}

/** Adds an account; undefined when the login is taken. */
export async function addUser(
  db: Db,
  fields: { login: string; role: StudioRole; passwordHash: string },
): Promise<StudioUserRow | undefined> {
  const rows = await db.insert(studioUser).values(fields).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateUser(
  db: Db,
  id: number,
  fields: Partial<{ role: StudioRole; disabledAt: Date | null; passwordHash: string }>,
): Promise<StudioUserRow | undefined> {
  // An edit that names nothing changes nothing (an UPDATE needs a column to set).
  if (Object.keys(fields).length === 0) return findUser(db, id);
  const rows = await db.update(studioUser).set(fields).where(eq(studioUser.id, id)).returning();
  return rows[0];
}

export interface SessionRow {
  id: string;
  userId: number;
  csrfToken: string;
  expiresAt: Date;
}

/** Starts a session for an account; answers the cookie's secret and the session. */
export async function startSession(
  db: Db,
  userId: number,
  address: string,
  limits: SessionLimits,
): Promise<{ secret: string; session: SessionRow }> {
  const secret = randomBytes(32).toString('base64url');
  const rows = await db
    .insert(studioSession)
    .values({
      id: sessionKey(secret),
      userId,
      csrfToken: randomBytes(24).toString('base64url'),
      expiresAt: sql`now() + make_interval(hours => ${limits.hours})`,
      address,
    })
    .returning();
  const session = rows[0];
  if (session === undefined) throw new Error('the session insert returned no row');
  return { secret, session };
}

/** A session is alive while its account is enabled, before its end and not idle too long. */
function alive(limits: SessionLimits) {
  return and(
    gt(studioSession.expiresAt, sql`now()`),
    gt(studioSession.lastSeenAt, sql`now() - make_interval(mins => ${limits.idleMinutes})`),
    isNull(studioUser.disabledAt),
  );
}

/**
 * The living session of a cookie's secret and its account, its last use noted (at most once a
 * minute, so a busy console does not write on every call); undefined when there is none.
 */
export async function findSession(
  db: Db,
  secret: string,
  limits: SessionLimits,
): Promise<{ session: SessionRow; user: StudioUserRow } | undefined> {
  const rows = await db
    .select({ session: studioSession, user: studioUser })
    .from(studioSession)
    .innerJoin(studioUser, eq(studioUser.id, studioSession.userId))
    .where(and(eq(studioSession.id, sessionKey(secret)), alive(limits)));
  const found = rows[0];
  if (found === undefined) return undefined;
  if (Date.now() - found.session.lastSeenAt.getTime() > 60_000) {
    await db
      .update(studioSession)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(studioSession.id, found.session.id));
  }
  return found;
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(studioSession).where(eq(studioSession.id, id));
}

/** Ends every session of an account (but `keep`, when given); answers how many ended. */
export async function endSessionsOf(db: Db, userId: number, keep?: string): Promise<number> {
  const rows = await db
    .delete(studioSession)
    .where(and(eq(studioSession.userId, userId), keep === undefined ? undefined : sql`${studioSession.id} <> ${keep}`))
    .returning({ id: studioSession.id });
  return rows.length;
}

/** Forgets sessions that can no longer be used. */
export async function pruneSessions(db: Db, limits: SessionLimits): Promise<void> {
  await db
    .delete(studioSession)
    .where(
      or(
        lt(studioSession.expiresAt, sql`now()`),
        lt(studioSession.lastSeenAt, sql`now() - make_interval(mins => ${limits.idleMinutes})`),
      ),
    );
}
