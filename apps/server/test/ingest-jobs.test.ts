// The ingest queue on every backend, its worker, and the admin calls the CLI uses.
import { adminUrl } from '@efir/contract';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import { video } from '../src/db/schema/video.ts';
import { IngestWorker, runIngestJob } from '../src/jobs/ingest-worker.ts';
import { locateMediaTools, type MediaTools } from '../src/media/ffmpeg.ts';
import { PreparedMedia } from '../src/media/prepared-media.ts';
import { fillerWorkFolder, incomingDir, jobWorkFolder, sweepWorkFolders } from '../src/media/work-folders.ts';
import {
  claimIngest,
  enqueueIngest,
  failIngest,
  findIngest,
  maxAttempts,
  retryIngest,
} from '../src/repositories/ingest-jobs.ts';
import { findItem } from '../src/repositories/catalogues.ts';
import { describeOnBackends, testDatabase, useTestDatabase } from './database.ts';
import { machinePreparedMedia, makeClip } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

/** A disk with this much free, when set: what the ingest's room check reads. */
const disk = vi.hoisted(() => ({ freeBytes: undefined as number | undefined }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const statfs = async (path: string) => {
    const info = await actual.statfs(path);
    if (disk.freeBytes !== undefined) info.bavail = Math.floor(disk.freeBytes / info.bsize);
    return info;
  };
  return { ...actual, default: { ...actual, statfs }, statfs };
});

const work = mkdtempSync(join(tmpdir(), 'efir-jobs-test-'));
let tools: MediaTools;
beforeAll(async () => {
  tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  makeClip(tools.ffmpeg, join(work, 'clip.mp4'), { seconds: 3, size: '320x180' });
  writeFileSync(join(work, 'notes.mp4'), 'не видео');
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describeOnBackends('ingest queue', (backend) => {
  const database = useTestDatabase(backend, 'seeded');

  it('hands each job to one worker, oldest first', async () => {
    const a = await enqueueIngest(database.db, 'video', { file: '/a.mp4', name: 'A', categoryId: 1 });
    const b = await enqueueIngest(database.db, 'video', { file: '/b.mp4', name: 'B', categoryId: 1 });
    const claimed = await Promise.all([claimIngest(database.db), claimIngest(database.db), claimIngest(database.db)]);
    const ids = claimed.map((job) => job?.id).filter((id) => id !== undefined);
    expect(ids.sort()).toEqual([a.id, b.id].sort());
    expect(claimed.every((job) => job === undefined || (job.state === 'running' && job.attempts === 1))).toBe(true);
  });

  it('takes again a running job whose worker fell silent (a restart)', async () => {
    const job = await enqueueIngest(database.db, 'radio', { file: '/c.mp3', name: 'C', author: 'X', categoryId: 1 });
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done' WHERE id <> ${job.id}`);
    const first = await claimIngest(database.db);
    expect(first?.id).toBe(job.id);
    expect(await claimIngest(database.db)).toBeUndefined();
    await database.db.execute(
      sql`UPDATE ingest_job SET heartbeat_at = now() - interval '2 minutes' WHERE id = ${job.id}`,
    );
    const again = await claimIngest(database.db);
    expect(again).toMatchObject({ id: job.id, attempts: 2 });
  });

  it('hands an editor’s job out before the demo’s background work queued earlier', async () => {
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
    for (let n = 0; n < 5; n += 1) {
      await enqueueIngest(database.db, 'demo-video', { videoId: n + 1 });
    }
    const editors = await enqueueIngest(database.db, 'video-media', { upload: '/u', videoId: 7 }, { itemId: 7 });
    const cli = await enqueueIngest(database.db, 'video', { file: '/e.mp4', name: 'E', categoryId: 1 });
    expect((await claimIngest(database.db))?.id).toBe(editors.id);
    expect((await claimIngest(database.db))?.id).toBe(cli.id);
    expect((await claimIngest(database.db))?.kind).toBe('demo-video');
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
  });

  it('requeues a failure until the attempts are spent; a failed job can be retried', async () => {
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
    await enqueueIngest(database.db, 'video', { file: '/d.mp4', name: 'D', categoryId: 1 });
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const job = await claimIngest(database.db);
      expect(job?.attempts).toBe(attempt);
      await failIngest(database.db, job!, 'disk full', true);
    }
    const spent = (
      await database.db.execute<{ id: number; state: string }>(
        sql`SELECT id, state FROM ingest_job WHERE state <> 'done'`,
      )
    ).rows;
    expect(spent).toEqual([{ id: spent[0]!.id, state: 'failed' }]);
    expect(await claimIngest(database.db)).toBeUndefined();
    expect(await retryIngest(database.db, spent[0]!.id)).toBe(true);
    expect(await retryIngest(database.db, spent[0]!.id)).toBe(false);
    expect((await claimIngest(database.db))?.attempts).toBe(1);
  });
});

describe('runIngestJob', () => {
  const database = useTestDatabase('pglite', 'seeded');
  const media = join(work, 'media');
  const events = { done: [] as number[], errors: [] as unknown[] };
  const handlers = {
    onDone: (_job: unknown, id: number) => {
      events.done.push(id);
      return Promise.resolve();
    },
    onError: (error: unknown) => {
      events.errors.push(error);
    },
  };
  /** Claims the next job and runs it, as a worker would. */
  /** Queues the work folder's `file` as a video of category 3. */
  const queueVideo = (file: string, name: string) =>
    enqueueIngest(database.db, 'video', { file: join(work, file), name, categoryId: 3 });
  const runNext = async () => {
    const job = await claimIngest(database.db);
    if (job === undefined) throw new Error('no job to claim');
    const context = { db: database.db, tools, mediaDir: media, prepared: machinePreparedMedia(tools) };
    await runIngestJob({ ...context, maxBytes: 1e9, maxSeconds: 600 }, job, handlers);
    return job;
  };

  it('runs a job to a catalogue item and marks it done', async () => {
    const queued = await queueVideo('clip.mp4', 'Из очереди');
    await runNext();
    const done = await findIngest(database.db, queued.id);
    expect(done).toMatchObject({ state: 'done', progress: 1, error: null });
    expect((await findItem(database.db, 'video', done!.resultId!))?.name).toBe('Из очереди');
    expect(events.done).toEqual([done!.resultId]);
  });

  it('removes what an earlier attempt of the job left when it takes the job again', async () => {
    const queued = await queueVideo('clip.mp4', 'Снова');
    const earlier = join(incomingDir(media), `job-${queued.id}-1-elsewhere-4242-${randomUUID()}`);
    const other = join(incomingDir(media), `job-${queued.id + 1}-1-elsewhere-4242-${randomUUID()}`);
    mkdirSync(earlier, { recursive: true });
    mkdirSync(other);
    await runNext();
    expect(await findIngest(database.db, queued.id)).toMatchObject({ state: 'done' });
    expect(readdirSync(incomingDir(media))).toEqual([basename(other)]);
    rmSync(other, { recursive: true });
  });

  it('refuses at once a job whose media the disk has no room for, naming both figures', async () => {
    // A disk with 1 MB free has room neither for a demo video's base clip nor for its own files.
    const [row] = await database.db
      .insert(video)
      .values({ name: 'Выпуск без места', durationSeconds: 60, categoryId: 1 })
      .returning({ id: video.id });
    const queued = await enqueueIngest(database.db, 'demo-video', { id: row!.id });
    disk.freeBytes = 1024 * 1024;
    try {
      expect((await runNext()).id).toBe(queued.id);
    } finally {
      disk.freeBytes = undefined;
    }
    const failed = await findIngest(database.db, queued.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    const figures = /^video \d+: its media need about (\d+) MB and the media disk has (\d+) MB free$/u.exec(
      failed!.error ?? '',
    );
    expect(figures).not.toBeNull();
    expect(Number(figures![1])).toBeGreaterThan(Number(figures![2]));
    expect(readdirSync(incomingDir(media))).toEqual([]);
    expect(events.errors).toEqual([]);
  });

  it('fails a refused source at once with its reason, without retrying', async () => {
    const queued = await queueVideo('notes.mp4', 'Заметки');
    await runNext();
    expect(await findIngest(database.db, queued.id)).toMatchObject({
      state: 'failed',
      error:
        'notes.mp4: not an audio or video file ffprobe can read as MP4, MOV, MKV, WebM, AVI, MPEG, MP3, AAC, WAV, FLAC or Ogg',
    });
    expect(events.errors).toEqual([]);
  });
});

describe('IngestWorker', () => {
  it('says a queue that refuses its claims once when it begins and once when it ends, with its length', async () => {
    const database = await testDatabase('pglite', 'seeded');
    await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
    const errors: unknown[] = [];
    const back: number[] = [];
    let refusing = true;
    // The queue's database as an outage leaves it: refusing every claim until it returns.
    const db = new Proxy(database.db, {
      get(target, name, receiver) {
        if (refusing && (name === 'transaction' || name === 'execute' || name === 'select')) {
          return () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
        }
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    vi.useFakeTimers();
    try {
      const worker = new IngestWorker(
        {
          db,
          tools,
          mediaDir: join(work, 'media-refused'),
          prepared: machinePreparedMedia(tools),
          maxBytes: 1e9,
          maxSeconds: 600,
        },
        {
          onDone: () => Promise.resolve(),
          onError: (error) => errors.push(error),
          onQueueBack: (outageMs) => back.push(outageMs),
        },
        1000,
      );
      worker.start();
      // A look at the refusing queue every second for two minutes: said once.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(errors).toHaveLength(1);
      expect(back).toEqual([]);
      refusing = false;
      await vi.advanceTimersByTimeAsync(2000);
      expect(errors).toHaveLength(1);
      expect(back).toHaveLength(1);
      expect(back[0]).toBeGreaterThanOrEqual(120_000);
      expect(back[0]).toBeLessThanOrEqual(123_000);
      const stopped = worker.stop();
      await vi.advanceTimersByTimeAsync(1000);
      await stopped;
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });

  it('stops the job under way when it stops, leaving nothing half-made and the job queued again', async () => {
    const database = await testDatabase('pglite', 'seeded');
    const media = join(work, 'media-stop');
    const prepared = join(work, 'prepared-stop');
    try {
      await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
      const [row] = await database.db
        .insert(video)
        .values({ name: 'Долгий выпуск', durationSeconds: 600, categoryId: 1 })
        .returning({ id: video.id });
      const queued = await enqueueIngest(database.db, 'demo-video', { id: row!.id });
      const errors: unknown[] = [];
      const worker = new IngestWorker(
        {
          db: database.db,
          tools,
          mediaDir: media,
          // A machine without the base clip yet, so that the job makes it.
          prepared: new PreparedMedia(prepared, tools.version),
          maxBytes: 1e9,
          maxSeconds: 3600,
        },
        { onDone: () => Promise.resolve(), onError: (error) => errors.push(error) },
        50,
      );
      worker.start();
      // The video's base clip takes seconds to encode, longer than this test waits: ffmpeg is at work.
      await expect
        .poll(async () => (await findIngest(database.db, queued.id))?.progress ?? 0, { timeout: 30_000 })
        .toBeGreaterThan(0);
      const stopping = Date.now();
      await worker.stop();
      expect(Date.now() - stopping).toBeLessThan(5000);
      expect(await findIngest(database.db, queued.id)).toMatchObject({ state: 'queued', attempts: 0, progress: 0 });
      expect(existsSync(join(media, '.incoming')) ? readdirSync(join(media, '.incoming')) : []).toEqual([]);
      // Nor half a clip, nor a lock, among the machine's prepared media.
      expect(readdirSync(prepared)).toEqual([]);
      expect((await findItem(database.db, 'video', row!.id))?.masterPlaylist).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('work folders at start', () => {
  it('removes what dead processes left, requeues their jobs and keeps what live nodes are making', async () => {
    const database = await testDatabase('pglite', 'seeded');
    const media = join(work, 'media-sweep');
    try {
      await database.db.execute(sql`UPDATE ingest_job SET state = 'done'`);
      const job = async (state: string, attempts: number): Promise<number> => {
        const row = await enqueueIngest(database.db, 'video', { file: '/x.mp4', name: 'X', categoryId: 1 });
        await database.db.execute(
          sql`UPDATE ingest_job SET state = ${state}, attempts = ${attempts}, heartbeat_at = now() WHERE id = ${row.id}`,
        );
        return row.id;
      };
      const folder = (name: string): string => {
        mkdirSync(join(incomingDir(media), name), { recursive: true });
        return name;
      };
      // An earlier run of this very node (the sweep runs before the node makes anything but its filler).
      const crashed = await job('running', 1);
      const crashedFolder = folder(basename(jobWorkFolder(media, { id: crashed, attempt: 1 })));
      const spent = await job('running', maxAttempts);
      const spentFolder = folder(basename(jobWorkFolder(media, { id: spent, attempt: maxAttempts })));
      // Other nodes sharing the media folder: one at work, the rest left behind.
      const elsewhere = folder(`job-${await job('running', 1)}-1-elsewhere-4242-${randomUUID()}`);
      const earlierAttempt = folder(`job-${await job('running', 2)}-1-elsewhere-4242-${randomUUID()}`);
      const finished = folder(`job-${await job('done', 1)}-1-elsewhere-4242-${randomUUID()}`);
      // This run's filler, begun before the sweep; one of a process of this host that is gone.
      const fillerHere = folder(basename(fillerWorkFolder(media, 'tv')));
      const fillerDead = folder(basename(fillerWorkFolder(media, 'radio')).replace(/-\d+$/u, '-4194999'));
      const fillerElsewhere = folder('filler-radio-elsewhere-4242');
      const unnamed = folder(randomUUID());

      const sweep = await sweepWorkFolders(database.db, media);
      expect(readdirSync(incomingDir(media)).sort()).toEqual([elsewhere, fillerElsewhere, fillerHere].sort());
      expect(sweep.removed.sort()).toEqual(
        [crashedFolder, spentFolder, earlierAttempt, finished, fillerDead, unnamed].sort(),
      );
      expect(sweep.requeued.sort()).toEqual([crashed, spent].sort());
      expect(await findIngest(database.db, crashed)).toMatchObject({ state: 'queued', attempts: 1 });
      expect(await findIngest(database.db, spent)).toMatchObject({ state: 'failed', attempts: maxAttempts });
    } finally {
      await database.close();
    }
  });
});

describe('admin calls', () => {
  it('need the token, validate the request and queue the job', async () => {
    const database = await testDatabase('pglite', 'seeded');
    let queued = 0;
    const app = await buildApp({
      config: { timeZone: testTimeZone, logLevel: 'silent' },
      db: database.db,
      bus: inProcessBus(),
      logger: false,
      webDist: '/nonexistent',
      admin: { token: 'secret-token', onQueued: () => (queued += 1) },
    });
    const auth = { authorization: 'Bearer secret-token' };
    const postJob = (payload: object) =>
      app.inject({ method: 'POST', url: adminUrl('ingestJobs'), headers: auth, payload });
    expect((await app.inject({ url: adminUrl('ingestJobs') })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: adminUrl('ingestJobs'), headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
    const bad = await postJob({ kind: 'video', source: { file: 'relative.mp4', name: 'X', categoryId: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'source.file must be an absolute path' });
    const missingName = await postJob({ kind: 'radio', source: { file: '/x.mp3', categoryId: 1 } });
    expect(missingName.statusCode).toBe(400);
    const created = await postJob({ kind: 'video', source: { file: '/x.mp4', name: 'X', categoryId: 1 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'video', name: 'X', state: 'queued' });
    expect(queued).toBe(1);
    const id = created.json<{ id: number }>().id;
    expect((await app.inject({ url: adminUrl('ingestJob', { params: { id } }), headers: auth })).json()).toMatchObject({
      id,
    });
    expect(
      (await app.inject({ method: 'POST', url: adminUrl('ingestRetry', { params: { id } }), headers: auth }))
        .statusCode,
    ).toBe(409);
    expect(
      (await app.inject({ url: adminUrl('ingestJob', { params: { id: 999_999 } }), headers: auth })).statusCode,
    ).toBe(404);
    await app.close();
    await database.close();
  });
});
