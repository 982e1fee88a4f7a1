// `efir backup` / `efir restore`: a backup taken from a running site while visitors post in its chat
// and an upload is being made, restored onto a new DATA_DIR (PGlite) and a new PostgreSQL database,
// compared row for row and file for file; the restored site airs on with the channels' numbering.
// And the archive defends itself: altered or hostile archives are refused, and nothing is written.
import { adminBackupPath, adminPrefix, apiUrl, backupEntries, tvStreamPath } from '@efir/contract';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readBackup } from '../src/backup/backup-reader.ts';
import { readSnapshot } from '../src/backup/database-snapshot.ts';
import { requeuedReason, restoreBackup } from '../src/backup/restore.ts';
import { mediaFiles } from '../src/backup/backup-writer.ts';
import { runEfir } from '../src/cli/commands.ts';
import { type Database, openDatabase, openPglite } from '../src/db/database.ts';
import { locateMediaTools } from '../src/media/ffmpeg.ts';
import { freePorts } from './free-port.ts';
import { makeClip } from './media-fixtures.ts';
import { parsePlaylist } from './playlist-check.ts';
import { adminUrl, databaseUrl } from './postgres.ts';
import { localServerEnv, type ServerProcess, startServer, waitForApi } from './server-process.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-backup-test-'));
const sourceDir = join(work, 'source');
const [port = 0, mediaPort = 0] = await freePorts(2);
/** Visitors may post at once, and as often as the test does. */
const siteEnv = {
  ...localServerEnv(port, mediaPort, sourceDir),
  VISITOR_ESTABLISHED_SECONDS: '1',
  CHAT_NEWCOMERS_PER_MINUTE: '100000',
  ADDRESS_ACTIONS_PER_HOUR: '100000',
  CHAT_SLOW_MODE_RATE: '100000',
};
const site = `http://127.0.0.1:${String(port)}`;
const tvPlaylist = `http://127.0.0.1:${String(mediaPort)}${tvStreamPath(0, 360)}`;
const postgresAdmin = adminUrl();
const restoredDatabase = `efir_restore_${String(process.pid)}`;

async function efir(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runEfir(args, {
    env,
    readStdin: () => '',
    print: (line) => (out += `${line}\n`),
    complain: (line) => (out += `${line}\n`),
  });
  return { code, out };
}

const sha256 = async (path: string): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** Every table's rows as the database holds them (JSON texts in key order). */
async function rowsOf(database: Database): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  await readSnapshot(database.db, async (name, rows) => {
    const all: string[] = [];
    for await (const row of rows) all.push(row);
    tables.set(name, all);
  });
  return tables;
}

type Rows = Map<string, string[]>;

/** Rows to compare: the ingest jobs read, without their update time (a restore sets it anew), and
 * as a restore leaves them when `asRestored` (running ones queued again). */
function comparable(rows: Rows, asRestored: boolean): Map<string, unknown[]> {
  const jobs = (rows.get('ingest_job') ?? []).map((row) => {
    const { updated_at: _updated, ...job } = JSON.parse(row) as Record<string, unknown>;
    return asRestored && job.state === 'running'
      ? { ...job, state: 'queued', stage: 'queued', progress: 0, error: requeuedReason }
      : job;
  });
  return new Map<string, unknown[]>(rows).set('ingest_job', jobs);
}

/** What the archive holds: each table's rows, and its media files' checksums. */
async function archiveOf(file: string) {
  const tables = new Map<string, string[]>();
  const { header, manifest } = await readBackup(createReadStream(file), {
    table: async (name, rows) => {
      const all: string[] = [];
      for await (const row of rows) all.push(row);
      tables.set(name, all);
    },
  });
  return { header, manifest, tables };
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

let server: ServerProcess | undefined;
const chatRoom = apiUrl('chatPost', { params: { room: 'teleprogram', id: 1 } });
let posted = 0;

async function post(): Promise<void> {
  const answer = await fetch(`${site}${chatRoom}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Зритель', message: `Сообщение ${String(posted + 1)}` }),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  posted += 1;
}

beforeAll(async () => {
  const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  makeClip(tools.ffmpeg, join(work, 'clip.mp4'), { seconds: 3, size: '320x180' });
  // The demo's content from the suite's template, not written again by the site's first start.
  const seeded = await openPglite(sourceDir, new Blob([readFileSync(inject('pgliteTemplates').seeded)]));
  await seeded.close();
  server = startServer(siteEnv);
  await waitForApi(`${site}${apiUrl('videoCategories')}`, 60_000);
  if (postgresAdmin !== undefined) {
    const admin = new pg.Client({ connectionString: postgresAdmin });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${restoredDatabase}`);
    await admin.query(
      `CREATE DATABASE ${restoredDatabase} ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8' TEMPLATE template0`,
    );
    await admin.end();
  }
}, 120_000);

afterAll(async () => {
  if (server !== undefined && server.child.exitCode === null) await stop(server);
  if (postgresAdmin !== undefined) {
    const admin = new pg.Client({ connectionString: postgresAdmin });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${restoredDatabase} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', { timeout: 180_000 }, () => {
  const file = join(work, 'efir.tar');
  const pgliteDir = join(work, 'restored');

  it('takes a backup from the running site while the chat is written and an upload is made', async () => {
    const env = { ...siteEnv, PATH: process.env.PATH ?? '' };
    // The channel has aired: its log has numbers to go on from.
    await expect.poll(async () => (await fetch(tvPlaylist)).status, { timeout: 30_000, interval: 250 }).toBe(200);
    for (let i = 0; i < 5; i += 1) await post();
    const before = posted;
    // Everyone's data: nobody without the operators' token gets it.
    for (const authorization of [undefined, 'Bearer guessed']) {
      const refused = await fetch(`${site}${adminPrefix}${adminBackupPath}`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).not.toContain('tar');
    }
    const ingest = await efir(
      env,
      'ingest',
      'video',
      join(work, 'clip.mp4'),
      '--name',
      'Во время копии',
      '--category',
      '2',
      '--no-wait',
    );
    expect(ingest.out).toContain('(queued on the running site)');
    const posting = { on: true };
    const poster = (async () => {
      // As a busy room writes (twenty a second), not flat out: the site shares the machine with other tests.
      while (posting.on) {
        await post();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const backup = await efir(env, 'backup', file);
    posting.on = false;
    await poster;
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/^backup of .* \(pglite, schema \d{4}_\w+\), media copied$/mu);
    expect(backup.out).toContain('checked against its manifest');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(posted).toBeGreaterThan(before);
    // A second backup never overwrites the first.
    expect((await efir(env, 'backup', file)).out).toContain('exists: give the backup a new name');

    const { header, tables } = await archiveOf(file);
    expect(header.media).toBe('copy');
    // The posts of this test (beside the demo's): those before it began, and some of those during it.
    const mine = (tables.get('chat_message') ?? []).filter((row) => row.includes('Сообщение '));
    expect(mine.length).toBeGreaterThanOrEqual(before);
    expect(mine.length).toBeLessThanOrEqual(posted);
    // The upload made while the backup ran finishes on the site all the same.
    await expect
      .poll(async () => (await efir(env, 'jobs')).out, { timeout: 60_000, interval: 500 })
      .toMatch(/«Во время копии» done/u);
  });

  it('restores onto a new DATA_DIR and a new PostgreSQL database, row for row and file for file', async () => {
    const archive = await archiveOf(file);
    const env = { DATA_DIR: pgliteDir, PATH: process.env.PATH ?? '' };
    const restored = await efir(env, 'restore', file);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/^restored: \d+ tables/mu);
    // A database in use is never written over.
    const again = await efir(env, 'restore', file);
    expect(again.code).toBe(1);
    expect(again.out).toContain('the database is in use');

    const pglite = await openDatabase({ databaseUrl: undefined, dataDir: pgliteDir });
    try {
      expect(comparable(await rowsOf(pglite), false)).toEqual(comparable(archive.tables, true));
    } finally {
      await pglite.close();
    }
    if (postgresAdmin !== undefined) {
      const url = databaseUrl(postgresAdmin, restoredDatabase);
      const intoPostgres = await efir({ ...env, DATA_DIR: join(work, 'pg-data'), DATABASE_URL: url }, 'restore', file);
      expect(intoPostgres.code, intoPostgres.out).toBe(0);
      const postgres = await openDatabase({ databaseUrl: url, dataDir: undefined });
      try {
        expect(comparable(await rowsOf(postgres), false)).toEqual(comparable(archive.tables, true));
      } finally {
        await postgres.close();
      }
    }

    // File for file: what the manifest lists is in the new media folder, as it was in the old.
    const listed = archive.manifest.media;
    expect(listed.length).toBeGreaterThan(0);
    expect((await mediaFiles(join(pgliteDir, 'media'))).map((f) => f.path)).toEqual(listed.map((f) => f.path));
    for (const entry of listed) {
      expect(await sha256(join(pgliteDir, 'media', entry.path)), entry.path).toBe(entry.sha256);
      expect(await sha256(join(sourceDir, 'media', entry.path)), entry.path).toBe(entry.sha256);
    }

    // The source's rows at the snapshot: its tables as they are now, but for what was written since.
    if (server !== undefined) await stop(server);
    const source = await openDatabase({ databaseUrl: undefined, dataDir: sourceDir });
    try {
      const now = await rowsOf(source);
      for (const table of ['teleprogram', 'teleprogram_item', 'video_category', 'studio_user', 'channel', 'setting']) {
        expect(archive.tables.get(table), table).toEqual(now.get(table));
      }
      const chat = archive.tables.get('chat_message') ?? [];
      expect(now.get('chat_message')?.slice(0, chat.length)).toEqual(chat);
    } finally {
      await source.close();
    }
  });

  it('airs on from where the channels were: the restored site goes on with their numbers', async () => {
    const archive = await archiveOf(file);
    const aired = (archive.tables.get('aired_segment') ?? [])
      .map((row) => JSON.parse(row) as { channel: string; sequence: number; discontinuity_sequence: number })
      .filter((row) => row.channel === 'tv');
    const last = Math.max(...aired.map((row) => row.sequence));
    expect(last).toBeGreaterThan(0);
    // Only the restored site answers on these ports.
    if (server !== undefined && server.child.exitCode === null) await stop(server);
    const restoredSite = startServer({ ...siteEnv, DATA_DIR: pgliteDir });
    try {
      await waitForApi(`${site}${apiUrl('videoCategories')}`, 60_000);
      // Its numbers go on past the restored log's, never from nothing again. The log decides a few
      // segments ahead of the picture, so a site restored at once reaches past it a little later.
      let playlist = parsePlaylist('');
      await expect
        .poll(
          async () => {
            playlist = parsePlaylist(await (await fetch(tvPlaylist)).text());
            return playlist.segments.at(-1)?.sequence ?? 0;
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(last);
      for (const segment of playlist.segments) {
        const was = aired.find((row) => row.sequence === segment.sequence);
        if (was !== undefined) expect(segment.discontinuity).toBe(was.discontinuity_sequence);
      }
    } finally {
      await stop(restoredSite);
    }
  });

  it('refuses an altered or hostile archive, and writes nothing', async () => {
    const entries: { name: string; body: Buffer }[] = [];
    const extract = tar.extract();
    const reading = (async () => {
      for await (const entry of extract) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
      }
    })();
    await pipeline(createReadStream(file), extract as unknown as NodeJS.WritableStream);
    await reading;
    const writeArchive = async (name: string, change: (list: typeof entries) => typeof entries): Promise<string> => {
      const path = join(work, name);
      const pack = tar.pack();
      const written = pipeline(pack as unknown as NodeJS.ReadableStream, createWriteStream(path));
      for (const entry of change(entries.map((e) => ({ ...e }))))
        pack.entry({ name: entry.name, size: entry.body.length }, entry.body);
      pack.finalize();
      await written;
      return path;
    };
    const firstMedia = entries.findIndex((e) => e.name.startsWith(backupEntries.mediaPrefix));
    const cases: [string, (list: typeof entries) => typeof entries, string][] = [
      [
        'flipped.tar',
        (list) =>
          list.map((e, i) =>
            i === firstMedia ? { ...e, body: Buffer.concat([e.body.subarray(1), Buffer.from('x')]) } : e,
          ),
        'differs from the manifest',
      ],
      [
        'escaping.tar',
        (list) => list.map((e, i) => (i === firstMedia ? { ...e, name: 'media/../../evil' } : e)),
        'not a media file',
      ],
      ['cut.tar', (list) => list.slice(0, -1), 'ends before its manifest'],
    ];
    // One new database and media folder for all: each refusal must leave them as new as they were.
    const database = await openPglite(undefined);
    const mediaDir = join(work, 'refused', 'media');
    try {
      for (const [name, change, message] of cases) {
        const source = createReadStream(await writeArchive(name, change));
        await expect(restoreBackup({ database, mediaDir, source }), name).rejects.toThrow(message);
        expect(existsSync(join(work, 'evil'))).toBe(false);
        expect(await readdir(join(work, 'refused')).catch(() => [])).toEqual([]);
        const tables = await rowsOf(database);
        for (const table of ['video', 'chat_message', 'aired_segment', 'studio_user'])
          expect(tables.get(table), `${name}: ${table}`).toEqual([]);
      }
    } finally {
      await database.close();
    }
    // The archive itself is a plain tar file that standard tools read.
    expect(execFileSync('tar', ['tf', file], { encoding: 'utf8' })).toContain(backupEntries.manifest);
  });
});
