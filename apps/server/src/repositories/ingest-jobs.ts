// The ingest queue: a table any worker process claims from with FOR UPDATE SKIP LOCKED, on PGlite
// and on PostgreSQL alike. A running job that stops beating (its process died) is taken again.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ingestJob } from '../db/schema/index.ts';

export type IngestJobRow = typeof ingestJob.$inferSelect;
/** A source file to ingest, or the demo media of a catalogue item that has none. */
export type IngestKind = 'video' | 'radio' | 'demo-video' | 'demo-radio';

/** How long a running job may stay silent before another worker takes it. */
export const heartbeatTimeoutSeconds = 60;
export const maxAttempts = 3;

export async function enqueueIngest(db: Db, kind: IngestKind, source: Record<string, unknown>): Promise<IngestJobRow> {
  const rows = await db.insert(ingestJob).values({ kind, source }).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('the job insert returned no row');
  return row;
}

/** Takes the oldest waiting job (or a silent running one) for this worker, if any. */
export async function claimIngest(db: Db): Promise<IngestJobRow | undefined> {
  const result = await db.execute<{ id: number }>(sql`
    UPDATE ingest_job SET state = 'running', attempts = attempts + 1, heartbeat_at = now(), updated_at = now()
    WHERE id = (
      SELECT id FROM ingest_job
      WHERE state = 'queued'
         OR (state = 'running' AND heartbeat_at < now() - make_interval(secs => ${heartbeatTimeoutSeconds}))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id`);
  const id = result.rows[0]?.id;
  return id === undefined ? undefined : findIngest(db, id);
}

export async function findIngest(db: Db, id: number): Promise<IngestJobRow | undefined> {
  return (await db.select().from(ingestJob).where(eq(ingestJob.id, id)))[0];
}

export async function reportIngestProgress(db: Db, id: number, progress: number): Promise<void> {
  await db
    .update(ingestJob)
    .set({ progress, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(ingestJob.id, id));
}

export async function finishIngest(db: Db, id: number, resultId: number): Promise<void> {
  await db
    .update(ingestJob)
    .set({ state: 'done', progress: 1, resultId, error: null, updatedAt: sql`now()` })
    .where(eq(ingestJob.id, id));
}

/** A failure: final when `retry` is false or the attempts are spent, else back in the queue. */
export async function failIngest(db: Db, job: IngestJobRow, error: string, retry: boolean): Promise<void> {
  const again = retry && job.attempts < maxAttempts;
  await db
    .update(ingestJob)
    .set({ state: again ? 'queued' : 'failed', error, progress: 0, updatedAt: sql`now()` })
    .where(eq(ingestJob.id, job.id));
}

/** Puts a job that was stopped by its worker's shutdown back in the queue, its attempt not counted. */
export async function requeueIngest(db: Db, id: number): Promise<void> {
  await db
    .update(ingestJob)
    .set({ state: 'queued', attempts: sql`greatest(${ingestJob.attempts} - 1, 0)`, progress: 0, updatedAt: sql`now()` })
    .where(eq(ingestJob.id, id));
}

/** The jobs running with a fresh heartbeat: some worker, here or on another node, is at them. */
export async function liveIngests(db: Db): Promise<{ id: number; attempts: number }[]> {
  const result = await db.execute<{ id: number; attempts: number }>(sql`
    SELECT id, attempts FROM ingest_job
    WHERE state = 'running' AND heartbeat_at >= now() - make_interval(secs => ${heartbeatTimeoutSeconds})`);
  return result.rows;
}

/**
 * A job whose attempt `attempt` died with its process (found at that node's next start): back in
 * the queue with the attempt counted, or failed when the attempts are spent. False when the job
 * is no longer at that attempt (another worker took it meanwhile) or not running.
 */
export async function requeueInterrupted(db: Db, id: number, attempt: number): Promise<boolean> {
  const rows = await db
    .update(ingestJob)
    .set({
      state: sql`CASE WHEN ${ingestJob.attempts} >= ${maxAttempts} THEN 'failed' ELSE 'queued' END`,
      error: `the server stopped during attempt ${attempt}`,
      progress: 0,
      updatedAt: sql`now()`,
    })
    .where(sql`${ingestJob.id} = ${id} AND ${ingestJob.state} = 'running' AND ${ingestJob.attempts} = ${attempt}`)
    .returning({ id: ingestJob.id });
  return rows.length > 0;
}

export async function listIngests(db: Db, limit = 50): Promise<IngestJobRow[]> {
  return db.select().from(ingestJob).orderBy(desc(ingestJob.id)).limit(limit);
}

/** Puts a failed job back in the queue; false when there is no failed job of that id. */
export async function retryIngest(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(ingestJob)
    .set({ state: 'queued', attempts: 0, error: null, progress: 0, updatedAt: sql`now()` })
    .where(sql`${ingestJob.id} = ${id} AND ${ingestJob.state} = 'failed'`)
    .returning({ id: ingestJob.id });
  return rows.length > 0;
}

/**
 * Queues the making of every demo item without media: `first` (in that order: what airs next),
 * then the rest, radios (the quicker: no previews) before videos, each by id.
 */
export async function queueDemoMedia(
  db: Db,
  first: readonly { kind: 'demo-video' | 'demo-radio'; id: number }[] = [],
): Promise<number> {
  const result = await db.execute<{ kind: 'demo-video' | 'demo-radio'; id: number }>(sql`
    SELECT kind, id FROM (
      SELECT 'demo-video' AS kind, id FROM video WHERE master_playlist = ''
      UNION ALL
      SELECT 'demo-radio' AS kind, id FROM radio WHERE audio_playlist = ''
    ) missing
    ORDER BY kind, id`);
  const missing = new Set(result.rows.map(({ kind, id }) => `${kind}:${id}`));
  const queued = new Set<string>();
  const jobs: { kind: IngestKind; source: { id: number } }[] = [];
  for (const { kind, id } of [...first, ...result.rows]) {
    const key = `${kind}:${id}`;
    if (!missing.has(key) || queued.has(key)) continue;
    queued.add(key);
    jobs.push({ kind, source: { id } });
  }
  for (let i = 0; i < jobs.length; i += 200) await db.insert(ingestJob).values(jobs.slice(i, i + 200));
  return jobs.length;
}
