// The ingest queue: a table any worker process claims from with FOR UPDATE SKIP LOCKED, on PGlite
// and on PostgreSQL alike. A running job that stops beating (its process died) is taken again.
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { ingestJob } from '../db/schema/index.ts';

export type IngestJobRow = typeof ingestJob.$inferSelect;
/**
 * A source file to ingest into a new item (video, radio), an editor's upload making an existing
 * item's media (video-media, radio-media), or the demo media of a catalogue item that has none.
 */
export type IngestKind =
  'video' | 'radio' | 'video-media' | 'radio-media' | 'video-subtitles' | 'demo-video' | 'demo-radio';

/** What a running job is at (the contract's jobStageSchema). */
export type IngestJobStage = 'queued' | 'probing' | 'encoding' | 'finishing' | 'done' | 'failed';

/** How long a running job may stay silent before another worker takes it. */
export const heartbeatTimeoutSeconds = 60;
export const maxAttempts = 3;

/** Queues a job; the demo's media wait behind anything an operator or an editor asked for. */
export async function enqueueIngest(
  db: Db,
  kind: IngestKind,
  source: Record<string, unknown>,
  /** The catalogue item whose media it makes; the request that queues it (its log id). */
  of: { itemId?: number; requestId?: string } = {},
): Promise<IngestJobRow> {
  const priority = kind.startsWith('demo-') ? 0 : 1;
  const rows = await db
    .insert(ingestJob)
    .values({ kind, source, priority, itemId: of.itemId ?? null, requestId: of.requestId ?? null })
    .returning();
  const row = rows[0];
  if (row === undefined) throw new Error('the job insert returned no row');
  return row;
}

/** Takes the oldest waiting job of the highest priority (or a silent running one) for this worker, if any. */
export async function claimIngest(db: Db): Promise<IngestJobRow | undefined> {
  return (await claim(db, false, 1))[0];
}

/** Takes up to `limit` of the oldest jobs making the demo's media, for one worker to run together. */
export function claimDemoIngests(db: Db, limit: number): Promise<IngestJobRow[]> {
  return claim(db, true, limit);
}

async function claim(db: Db, demoOnly: boolean, limit: number): Promise<IngestJobRow[]> {
  const result = await db.execute<{ id: number }>(sql`
    UPDATE ingest_job SET state = 'running', stage = 'probing', progress = 0, attempts = attempts + 1,
      heartbeat_at = now(), started_at = now(), updated_at = now()
    WHERE id IN (
      SELECT id FROM ingest_job
      WHERE (state = 'queued'
         OR (state = 'running' AND heartbeat_at < now() - make_interval(secs => ${heartbeatTimeoutSeconds})))
        ${demoOnly ? sql`AND kind IN ('demo-video', 'demo-radio')` : sql``}
      ORDER BY priority DESC, id
      FOR UPDATE SKIP LOCKED
      LIMIT ${limit}
    )
    RETURNING id`);
  const ids = result.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(ingestJob).where(inArray(ingestJob.id, ids)).orderBy(ingestJob.id);
}

export async function findIngest(db: Db, id: number): Promise<IngestJobRow | undefined> {
  return (await db.select().from(ingestJob).where(eq(ingestJob.id, id)))[0];
}

export async function reportIngestProgress(db: Db, id: number, progress: number, stage: IngestJobStage): Promise<void> {
  await db
    .update(ingestJob)
    .set({ progress, stage, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(ingestJob.id, id));
}

export async function finishIngest(db: Db, id: number, resultId: number): Promise<void> {
  await db
    .update(ingestJob)
    .set({
      state: 'done',
      stage: 'done',
      progress: 1,
      resultId,
      itemId: sql`coalesce(${ingestJob.itemId}, ${resultId})`,
      error: null,
      updatedAt: sql`now()`,
    })
    .where(eq(ingestJob.id, id));
}

/** A failure: final when `retry` is false or the attempts are spent, else back in the queue. */
export async function failIngest(db: Db, job: IngestJobRow, error: string, retry: boolean): Promise<void> {
  const again = retry && job.attempts < maxAttempts;
  await db
    .update(ingestJob)
    .set({
      state: again ? 'queued' : 'failed',
      stage: again ? 'queued' : 'failed',
      error,
      progress: 0,
      updatedAt: sql`now()`,
    })
    .where(eq(ingestJob.id, job.id));
}

/** Puts a job that was stopped by its worker's shutdown back in the queue, its attempt not counted. */
export async function requeueIngest(db: Db, id: number): Promise<void> {
  await db
    .update(ingestJob)
    .set({
      state: 'queued',
      stage: 'queued',
      attempts: sql`greatest(${ingestJob.attempts} - 1, 0)`,
      progress: 0,
      updatedAt: sql`now()`,
    })
    .where(eq(ingestJob.id, id));
}

/** The jobs running with a fresh heartbeat: some worker, here or on another node, is at them. */
export async function liveIngests(db: Db): Promise<{ id: number; attempts: number }[]> {
  const result = await db.execute<{ id: number; attempts: number }>(sql`
    SELECT id, attempts FROM ingest_job
    WHERE state = 'running' AND heartbeat_at >= now() - make_interval(secs => ${heartbeatTimeoutSeconds})`);
  return result.rows;
}

/** Every running job back in the queue (a restored backup's: their work was not in it); answers how many. */
export async function requeueRunning(db: Db, reason: string): Promise<number> {
  const rows = await db
    .update(ingestJob)
    .set({ state: 'queued', stage: 'queued', error: reason, progress: 0, updatedAt: sql`now()` })
    .where(eq(ingestJob.state, 'running'))
    .returning({ id: ingestJob.id });
  return rows.length;
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
      stage: sql`CASE WHEN ${ingestJob.attempts} >= ${maxAttempts} THEN 'failed' ELSE 'queued' END`,
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

/** One page of every job, the newest first. */
export async function ingestPage(db: Db, page: number, size: number): Promise<{ count: number; rows: IngestJobRow[] }> {
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(ingestJob),
    db
      .select()
      .from(ingestJob)
      .orderBy(desc(ingestJob.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { count: total[0]?.n ?? 0, rows };
}

/** Puts a failed job back in the queue; false when there is no failed job of that id. */
export async function retryIngest(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(ingestJob)
    .set({ state: 'queued', stage: 'queued', attempts: 0, error: null, progress: 0, updatedAt: sql`now()` })
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
  const jobs: { kind: IngestKind; source: { id: number }; itemId: number; priority: number }[] = [];
  for (const { kind, id } of [...first, ...result.rows]) {
    const key = `${kind}:${id}`;
    if (!missing.has(key) || queued.has(key)) continue;
    queued.add(key);
    jobs.push({ kind, source: { id }, itemId: id, priority: 0 });
  }
  for (let i = 0; i < jobs.length; i += 200) await db.insert(ingestJob).values(jobs.slice(i, i + 200));
  return jobs.length;
}

/** How many jobs are in each state (queued, running, done, failed). */
export async function ingestStateCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ state: ingestJob.state, count: count() }).from(ingestJob).groupBy(ingestJob.state);
  return new Map(rows.map((row) => [row.state, row.count]));
}
