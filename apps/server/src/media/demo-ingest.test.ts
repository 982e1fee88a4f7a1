// Ingest with the real ffmpeg: the demo's media over shared clips, its jobs, and the codecs the
// master playlists declare.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useIngestBed } from '../../test/ingest-bed.ts';
import { machinePreparedMedia } from '../../test/media-fixtures.ts';
import type { Database } from '../db/database.ts';
import { ingestJob, radio, video } from '../db/schema/index.ts';
import { runDemoJobs } from '../jobs/ingest-worker.ts';
import { queueDemoMedia } from '../repositories/ingest-jobs.ts';
import { parseMediaPlaylist } from '../live/segment-list.ts';
import { findItem } from '../repositories/catalogues.ts';
import { demoClipOf, demoClipPath } from './demo-media.ts';
import { type MediaTools } from './ffmpeg.ts';
import { ensureFiller, fillerPerLong, liveRungs, longFillerPlaylist, trimPlaylist } from './filler.ts';
import { attachDemoRadio, attachDemoVideo } from './demo-ingest.ts';
import { ingestRadioMedia, ingestVideo } from './ingest.ts';
import { type IngestContext } from './ingest-work.ts';
import { codecsOf, type Rung } from './ladder.ts';
import { probeMedia } from './probe.ts';

const bed = useIngestBed();
let tools: MediaTools;
let database: Database;
let context: IngestContext;
let fixtures = '';
let mediaDir = '';
const fileOf = (url: string): string => bed().fileOf(url);
const listTree = (dir: string): string[] => bed().listTree(dir);

beforeAll(() => {
  ({ tools, database, context, fixtures, mediaDir } = bed());
});

describe('demo media', () => {
  it('makes a catalogue video playlists over its shared base clip, looped, and previews with its title', async () => {
    const [row] = await database.db
      .insert(video)
      .values({ name: 'Короткий выпуск: «Эфир» 100%', durationSeconds: 89, categoryId: 1 })
      .returning({ id: video.id });
    await attachDemoVideo(context, row!.id);
    const made = await findItem(database.db, 'video', row!.id);
    expect(made!.renditions.map((r) => r.height)).toEqual([720, 480, 360]);
    // The listed length is the playlists': the nearest whole segment.
    expect(made!.durationSeconds).toBe(88);
    const folder = fileOf(made!.masterPlaylist.replace(/\/master\.m3u8$/u, ''));
    expect(readdirSync(folder).sort()).toEqual([
      '360',
      '480',
      '720',
      'master.m3u8',
      'preview-catalog.jpg',
      'preview.jpg',
    ]);
    expect(await probeMedia(tools, join(folder, 'preview.jpg'), 'picture')).toMatchObject({
      video: { width: 1280, height: 720 },
    });
    expect(await probeMedia(tools, join(folder, 'preview-catalog.jpg'), 'picture')).toMatchObject({
      video: { width: 480, height: 270 },
    });
    const clipDir = join(mediaDir, demoClipPath('tv', demoClipOf('tv', row!.id)));
    for (const rendition of made!.renditions) {
      const playlist = readFileSync(fileOf(rendition.link), 'utf8');
      const segments = parseMediaPlaylist(playlist, (uri) => join(dirname(fileOf(rendition.link)), uri));
      expect(segments.reduce((sum, s) => sum + s.duration, 0)).toBeCloseTo(88, 3);
      // 5 segments of the 20 s clip, four times and then 2: it starts again four times.
      expect(segments.filter((s) => s.discontinuity === true)).toHaveLength(4);
      expect(segments.every((s) => s.uri.startsWith(join(clipDir, String(rendition.height)) + sep))).toBe(true);
      expect(segments.every((s) => existsSync(s.uri))).toBe(true);
    }
    const first = parseMediaPlaylist(readFileSync(fileOf(made!.renditions[0]!.link), 'utf8'), (uri) =>
      join(dirname(fileOf(made!.renditions[0]!.link)), uri),
    )[0]!.uri;
    const probe = await probeMedia(tools, first, 'media');
    expect(probe?.video).toEqual({ width: 1280, height: 720 });
    expect(probe?.hasAudio).toBe(true);
    expect(listTree(join(mediaDir, '.incoming'))).toEqual([]);
    const again = made!.masterPlaylist;
    await attachDemoVideo(context, row!.id);
    expect((await findItem(database.db, 'video', row!.id))!.masterPlaylist).toBe(again);
  }, 120_000);

  it('makes the next video of the same clip without encoding again', async () => {
    const rows = await database.db
      .insert(video)
      .values([1, 2, 3, 4, 5].map((i) => ({ name: `Выпуск ${i}`, durationSeconds: 20, categoryId: 1 })))
      .returning({ id: video.id });
    const clips = new Set<string>();
    for (const row of rows) {
      const clipDir = join(mediaDir, demoClipPath('tv', demoClipOf('tv', row.id)));
      if (existsSync(clipDir)) clips.add(clipDir);
    }
    const reused = rows.find((row) => clips.has(join(mediaDir, demoClipPath('tv', demoClipOf('tv', row.id)))))!;
    const clipFiles = listTree(join(mediaDir, demoClipPath('tv', demoClipOf('tv', reused.id))));
    const started = Date.now();
    await attachDemoVideo(context, reused.id);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(listTree(join(mediaDir, demoClipPath('tv', demoClipOf('tv', reused.id))))).toEqual(clipFiles);
    expect((await findItem(database.db, 'video', reused.id))!.durationSeconds).toBe(20);
  }, 60_000);

  it('makes a catalogue radio a playlist over its shared tone', async () => {
    const [row] = await database.db
      .insert(radio)
      .values({ name: 'Позывные', author: 'Эфир', durationSeconds: 131, categoryId: 1 })
      .returning({ id: radio.id });
    await attachDemoRadio(context, row!.id);
    const made = (await database.db.select().from(radio).where(eq(radio.id, row!.id)))[0]!;
    // 33 segments of about 4 s (AAC frames do not fall on 4 s): four times the 32 s tone, then one.
    expect(made.durationSeconds).toBeCloseTo(132, 1);
    // Its cover: its title on its clip's colour, square.
    expect(made.preview).toMatch(/^\/media\/r\/[0-9a-f-]{36}\/cover\.jpg$/u);
    expect((await probeMedia(tools, fileOf(made.preview), 'picture'))?.video).toEqual({ width: 480, height: 480 });
    // Its file to save: its tone's one loop, AAC in MP4, shared by the radios of that tone.
    expect(made.audioFile).toMatch(/^\/media\/demo\/radio\/\d-[0-9a-f]{10}\/audio\.m4a$/u);
    const saved = JSON.parse(
      execFileSync(
        tools.ffprobe,
        ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', fileOf(made.audioFile)],
        {
          encoding: 'utf8',
        },
      ),
    ) as { streams: { codec_name: string }[]; format: { format_name: string; duration: string } };
    expect(saved.streams.map((stream) => stream.codec_name)).toEqual(['aac']);
    expect(saved.format.format_name).toContain('mp4');
    expect(Number(saved.format.duration)).toBeCloseTo(32, 0);
    const playlist = fileOf(made.audioPlaylist);
    const segments = parseMediaPlaylist(readFileSync(playlist, 'utf8'), (uri) => join(dirname(playlist), uri));
    expect(segments).toHaveLength(33);
    expect(segments.filter((s) => s.discontinuity === true)).toHaveLength(4);
    expect(segments.every((s) => existsSync(s.uri))).toBe(true);
    const probe = await probeMedia(tools, segments[0]!.uri, 'media');
    expect(probe?.hasAudio).toBe(true);
    expect(probe?.video).toBeUndefined();

    // An editor's file replacing the demo's keeps the cover, made again beside the new audio.
    const replaced = await ingestRadioMedia(context, { file: join(fixtures, 'clip.mp4'), itemId: row!.id });
    expect(`/media/${replaced.retired ?? ''}/index.m3u8`).toBe(made.audioPlaylist);
    const after = (await database.db.select().from(radio).where(eq(radio.id, row!.id)))[0]!;
    expect(after.audioFile).toMatch(/^\/media\/r\/[0-9a-f-]{36}\/audio\.m4a$/u);
    expect(after.preview).not.toBe(made.preview);
    expect(dirname(after.preview)).toBe(dirname(after.audioPlaylist));
    expect((await probeMedia(tools, fileOf(after.preview), 'picture'))?.video).toEqual({ width: 480, height: 480 });
  }, 60_000);

  it('queues every item without media: radios first, then videos, each by id', async () => {
    const queued = await queueDemoMedia(database.db);
    const missing = await database.db.execute<{ n: number }>(
      sql`SELECT ((SELECT count(*) FROM video WHERE master_playlist = '') + (SELECT count(*) FROM radio WHERE audio_playlist = ''))::int AS n`,
    );
    expect(queued).toBe(missing.rows[0]!.n);
    const jobs = await database.db.select().from(ingestJob).orderBy(ingestJob.id);
    const order = jobs.map((job) => ({ kind: job.kind, id: (job.source as { id: number }).id }));
    expect(order).toEqual(
      [...order].sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'demo-radio' ? -1 : 1)),
    );
  });
});

describe('demo jobs taken together', () => {
  it('each job ends with its media and pictures; one that fails does not hold up the others', async () => {
    const videos = await database.db
      .insert(video)
      .values([1, 2, 3].map((i) => ({ name: `Вместе ${i}`, durationSeconds: 20, categoryId: 1 })))
      .returning({ id: video.id });
    const [tone] = await database.db
      .insert(radio)
      .values({ name: 'Вместе: радио', author: 'Эфир', durationSeconds: 40, categoryId: 1 })
      .returning({ id: radio.id });
    const jobs = await database.db
      .insert(ingestJob)
      .values([
        ...videos.map((row) => ({ kind: 'demo-video', source: { id: row.id } })),
        { kind: 'demo-radio', source: { id: tone!.id } },
        { kind: 'demo-video', source: { id: 999_999 } },
      ])
      .returning();
    const done: number[] = [];
    await runDemoJobs(context, jobs, {
      onDone: (job) => {
        done.push(job.id);
        return Promise.resolve();
      },
      onError: (error) => {
        throw error;
      },
    });
    expect(done.sort((a, b) => a - b)).toEqual(jobs.slice(0, 4).map((job) => job.id));
    for (const row of videos) {
      const made = (await findItem(database.db, 'video', row.id))!;
      expect(await probeMedia(tools, fileOf(made.preview), 'picture')).toMatchObject({
        video: { width: 1280, height: 720 },
      });
      expect(await probeMedia(tools, fileOf(made.previewCatalog), 'picture')).toMatchObject({
        video: { width: 480, height: 270 },
      });
    }
    const radioMade = (await database.db.select().from(radio).where(eq(radio.id, tone!.id)))[0]!;
    expect(await probeMedia(tools, fileOf(radioMade.preview), 'picture')).toMatchObject({
      video: { width: 480, height: 480 },
    });
    const states = await database.db
      .select()
      .from(ingestJob)
      .where(
        inArray(
          ingestJob.id,
          jobs.map((job) => job.id),
        ),
      );
    const failed = states.find((state) => state.id === jobs[4]!.id)!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toContain('video 999999: no such video');
    expect(states.filter((state) => state.state === 'done')).toHaveLength(4);
  }, 120_000);
});

describe('the codecs the master playlists declare', () => {
  /** What an `avc1.PPCCLL` codecs string says, in ffprobe's words. */
  function declared(rung: Rung): { profile: string; level: number } {
    const match = /avc1\.([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/iu.exec(codecsOf(rung));
    if (match === null) throw new Error(`no avc1 in ${codecsOf(rung)}`);
    const [profileIdc, constraints, level] = [match[1], match[2], match[3]].map((hex) => parseInt(hex ?? '', 16));
    const names: Record<number, string> = { 66: 'Baseline', 77: 'Main', 100: 'High' };
    // constraint_set1 on Baseline is Constrained Baseline, as ffprobe names it.
    const constrained = profileIdc === 66 && ((constraints ?? 0) & 0x40) !== 0;
    return { profile: `${constrained ? 'Constrained ' : ''}${names[profileIdc ?? 0] ?? 'unknown'}`, level: level ?? 0 };
  }

  function encoded(segment: string): { profile: string; level: number } {
    const streams = JSON.parse(
      execFileSync(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', segment], {
        encoding: 'utf8',
      }),
    ) as { streams: { codec_name: string; profile?: string; level?: number }[] };
    const h264 = streams.streams.find((stream) => stream.codec_name === 'h264');
    return { profile: h264?.profile ?? 'none', level: h264?.level ?? 0 };
  }

  /** The first segment of each rung under a folder with `<height>/index.m3u8` media playlists. */
  function firstSegments(folder: string, rungs: readonly Rung[]): [Rung, string][] {
    return rungs.map((rung) => {
      const playlist = readFileSync(join(folder, String(rung.height), 'index.m3u8'), 'utf8');
      const segment = playlist.split('\n').find((line) => line.endsWith('.ts'));
      return [rung, join(folder, String(rung.height), segment ?? 'none')];
    });
  }

  const folderOf = (master: string): string =>
    join(mediaDir, master.replace(/^\/media\//u, '').replace(/\/master\.m3u8$/u, ''));

  it("join the filler's 1 s segments into 4 s ones that play as the four in a row", async () => {
    await ensureFiller(tools, machinePreparedMedia(tools), mediaDir);
    for (const folder of [...liveRungs.map((rung) => join('tv', String(rung.height))), 'radio']) {
      const dir = join(mediaDir, 'filler', folder);
      const shorts = parseMediaPlaylist(readFileSync(join(dir, 'index.m3u8'), 'utf8'), (uri) => join(dir, uri));
      const longs = parseMediaPlaylist(readFileSync(join(dir, longFillerPlaylist), 'utf8'), (uri) => join(dir, uri));
      expect(longs).toHaveLength(2);
      longs.forEach((segment, j) => {
        const run = shorts.slice(j * fillerPerLong, (j + 1) * fillerPerLong);
        // Radio's AAC frames do not fall on whole seconds: a long one lasts what its four do.
        expect(segment.duration).toBeCloseTo(
          run.reduce((sum, short) => sum + short.duration, 0),
          5,
        );
        expect(segment.duration).toBeCloseTo(4, 1);
        expect(readFileSync(segment.uri)).toEqual(Buffer.concat(run.map((short) => readFileSync(short.uri))));
        // It decodes whole: one stream, its timestamps running on.
        execFileSync(tools.ffmpeg, ['-v', 'error', '-xerror', '-i', segment.uri, '-f', 'null', '-']);
      });
    }
  }, 60_000);

  it("cut the filler's trims to the frame: 1 to 24 video frames, 1 to 47 AAC frames, each decoding on its own", async () => {
    await ensureFiller(tools, machinePreparedMedia(tools), mediaDir);
    const folders = [
      ...liveRungs.map((rung) => [join('tv', String(rung.height)), 1 / 25] as const),
      ['radio', 1024 / 48_000] as const,
    ];
    for (const [folder, frame] of folders) {
      const dir = join(mediaDir, 'filler', folder);
      const trims = parseMediaPlaylist(readFileSync(join(dir, trimPlaylist), 'utf8'), (uri) => join(dir, uri));
      expect(trims.length, folder).toBe(Math.ceil(1 / frame));
      trims.forEach((trim, k) => {
        expect(trim.duration, `${folder} ${k}`).toBeCloseTo((k + 1) * frame, 4);
      });
      // The shortest and the longest decode whole, alone: a player may get either after anything.
      for (const trim of [trims[0], trims.at(-1)]) {
        execFileSync(tools.ffmpeg, ['-v', 'error', '-xerror', '-i', trim!.uri, '-f', 'null', '-']);
      }
    }
  }, 60_000);

  it('name the profile and level of every rung of the filler, a demo video and an ingested clip', async () => {
    await ensureFiller(tools, machinePreparedMedia(tools), mediaDir);
    const [demoRow] = await database.db
      .insert(video)
      .values({ name: 'Профиль', durationSeconds: 4, categoryId: 1 })
      .returning({ id: video.id });
    await attachDemoVideo(context, demoRow!.id);
    const demo = await findItem(database.db, 'video', demoRow!.id);
    const ingested = await findItem(
      database.db,
      'video',
      await ingestVideo(context, { file: join(fixtures, 'clip.mp4'), name: 'Профиль', categoryId: 1 }),
    );
    const segments = [
      ...firstSegments(join(mediaDir, 'filler', 'tv'), liveRungs),
      ...firstSegments(folderOf(demo!.masterPlaylist), liveRungs),
      ...firstSegments(folderOf(ingested!.masterPlaylist), liveRungs),
    ];
    expect(segments).toHaveLength(9);
    for (const [rung, segment] of segments) {
      expect({ segment: relative(mediaDir, segment), ...encoded(segment) }).toEqual({
        segment: relative(mediaDir, segment),
        ...declared(rung),
      });
    }
  }, 120_000);
});
