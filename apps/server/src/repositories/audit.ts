// The audit log: every change made through the studio or the operators' calls, with who made it,
// from where, and the entity before and after. Written in the transaction of the change itself,
// so a change is never without its entry, nor an entry without its change.
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { auditEntry } from '../db/schema/index.ts';

export type AuditRow = typeof auditEntry.$inferSelect;

/** Who made a change and from where. */
export interface Actor {
  /** The account, or undefined for the operators' token and the command line. */
  userId?: number;
  /** The account's login, 'token' or 'cli'. */
  name: string;
  address: string;
  /** The request that acts (the log's `reqId`), when one does. */
  requestId?: string;
}

export interface Change {
  action: string;
  entity: string;
  entityId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Records a change. Values go through JSON (dates as text), as the log keeps them. */
export async function recordChange(db: Db, actor: Actor, change: Change): Promise<void> {
  const asJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
  await db.insert(auditEntry).values({
    userId: actor.userId ?? null,
    actor: actor.name,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId ?? null,
    before: asJson(change.before),
    after: asJson(change.after),
    address: actor.address,
  });
}

/** The entries of one entity's action, newest first: its versions, as the log keeps them. */
export async function entityChanges(
  db: Db,
  change: { entity: string; entityId: number; action: string },
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditEntry)
    .where(
      and(
        eq(auditEntry.entity, change.entity),
        eq(auditEntry.entityId, change.entityId),
        eq(auditEntry.action, change.action),
      ),
    )
    .orderBy(desc(auditEntry.at), desc(auditEntry.id))
    .limit(limit);
}

export interface AuditFilter {
  actor?: string;
  entity?: string;
  action?: string;
  /** Instants (ms): from inclusive, to exclusive. */
  from?: number;
  to?: number;
}

export async function auditPage(
  db: Db,
  filter: AuditFilter,
  page: number,
  size: number,
): Promise<{ count: number; rows: AuditRow[] }> {
  const conditions: SQL[] = [];
  if (filter.actor !== undefined && filter.actor !== '') conditions.push(eq(auditEntry.actor, filter.actor));
  if (filter.entity !== undefined && filter.entity !== '') conditions.push(eq(auditEntry.entity, filter.entity));
  if (filter.action !== undefined && filter.action !== '') conditions.push(eq(auditEntry.action, filter.action));
  if (filter.from !== undefined) conditions.push(gte(auditEntry.at, sql`to_timestamp(${filter.from / 1000})`));
  if (filter.to !== undefined) conditions.push(lt(auditEntry.at, sql`to_timestamp(${filter.to / 1000})`));
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(auditEntry).where(where),
    db
      .select()
      .from(auditEntry)
      .where(where)
      .orderBy(desc(auditEntry.at), desc(auditEntry.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { count: total[0]?.n ?? 0, rows };
}
