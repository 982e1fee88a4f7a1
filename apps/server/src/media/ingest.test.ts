// Ingest with the real ffmpeg on tiny fixtures made here.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/database.ts';
import { machinePreparedMedia } from '../../test/media-fixtures.ts';
import type { Database } from '../db/database.ts';
import { ingestJob, radio, video } from '../db/schema/index.ts';
import { runDemoJobs } from '../jobs/ingest-worker.ts';
import { queueDemoMedia } from '../repositories/ingest-jobs.ts';
import { parseMediaPlaylist } from '../live/segment-list.ts';
import { findItem } from '../repositories/catalogues.ts';
import { demoClipOf, demoClipPath } from './demo-media.ts';
import { locateMediaTools, type MediaTools } from './ffmpeg.ts';
import { ensureFiller, fillerPerLong, liveRungs, longFillerPlaylist } from './filler.ts';
import { attachDemoRadio, attachDemoVideo } from './demo-ingest.ts';
import { ingestRadio, ingestRadioMedia, ingestVideo } from './ingest.ts';
import { type IngestContext, IngestError } from './ingest-work.ts';
import { codecsOf, type Rung } from './ladder.ts';
import { pictureSizes, savePicture } from './pictures.ts';
import { probeMedia } from './probe.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-ingest-test-'));
const fixtures = join(work, 'fixtures');
const mediaDir = join(work, 'media');
let tools: MediaTools;
let database: Database;
let context: IngestContext;

function make(name: string, args: string[]): string {
  const file = join(fixtures, name);
  execFileSync(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return file;
}

function listTree(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The files a media URL path names under the media directory. */
const fileOf = (url: string): string => join(mediaDir, url.replace(/^\/media\//u, ''));

beforeAll(async () => {
  tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  database = await testDatabase('pglite', 'seeded');
  context = {
    db: database.db,
    tools,
    mediaDir,
    prepared: machinePreparedMedia(tools),
    maxBytes: 50 * 1024 * 1024,
    maxSeconds: 60,
  };
  execFileSync('mkdir', ['-p', fixtures]);
  make('clip.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=30:duration=9',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=9',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-shortest',
  ]);
  make('silent.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=400x400:rate=25:duration=3', '-c:v', 'libx264']);
  make('tone.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=300:duration=5', '-c:a', 'aac']);
  make('cover.png', ['-f', 'lavfi', '-i', 'color=c=blue:size=300x300', '-frames:v', '1']);
  writeFileSync(join(fixtures, 'empty.mp4'), '');
  writeFileSync(join(fixtures, 'text.mp4'), 'Это не видео, а просто текст.\n');
  // Files that name other files the server has: a recording outside any upload, read through an
  // HLS playlist, an ffconcat list or an image-sequence name.
  make('elsewhere.ts', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=4',
    '-c:v',
    'libx264',
    '-f',
    'mpegts',
  ]);
  const elsewhere = join(fixtures, 'elsewhere.ts');
  writeFileSync(
    join(fixtures, 'playlist.mp4'),
    `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n${elsewhere}\n#EXT-X-ENDLIST\n`,
  );
  writeFileSync(join(fixtures, 'list.mp4'), `ffconcat version 1.0\nfile ${elsewhere}\n`);
  make('frame-1.png', ['-f', 'lavfi', '-i', 'color=c=red:size=300x300', '-frames:v', '1']);
  const clip = readFileSync(join(fixtures, 'clip.mp4'));
  writeFileSync(join(fixtures, 'corrupt.mp4'), Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)]));
}, 120_000);

afterAll(async () => {
  await database.close();
  rmSync(work, { recursive: true, force: true });
});

describe('ingestVideo', () => {
  it('makes a source into an HLS ladder with previews, and adds it to the catalogue', async () => {
    const progress: number[] = [];
    const id = await ingestVideo(
      context,
      { file: join(fixtures, 'clip.mp4'), name: 'Испытательная таблица', categoryId: 2, description: 'Проверка' },
      (done) => progress.push(done),
    );
    const row = await findItem(database.db, 'video', id);
    expect(row).toMatchObject({ name: 'Испытательная таблица', draft: 0, categoryId: 2 });
    expect(row!.durationSeconds).toBeCloseTo(9, 0);
    expect(row!.renditions.map((r) => r.height)).toEqual([720, 480, 360]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const dir = join(mediaDir, row!.masterPlaylist.replace(/^\/media\//u, '').replace(/\/master\.m3u8$/u, ''));
    const master = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    expect(master).toContain('720/index.m3u8');
    expect(statSync(join(dir, 'preview.jpg')).size).toBeGreaterThan(0);
    expect(row!.preview.endsWith('/preview.jpg')).toBe(true);

    // Every rung: segments of at most 4 s on the same boundaries, H.264 High 25 fps, AAC 48 kHz stereo.
    const boundaries = new Set<string>();
    for (const height of [720, 480, 360]) {
      const playlist = readFileSync(join(dir, String(height), 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const target = Number(/#EXT-X-TARGETDURATION:(\d+)/u.exec(playlist)?.[1]);
      expect(target).toBeLessThanOrEqual(4);
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/gu)].map((m) => Number(m[1]));
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(9, 0);
      boundaries.add(durations.map((d) => d.toFixed(2)).join(' '));
      const segment = join(dir, String(height), 'seg_00000.ts');
      const streams = JSON.parse(
        execFileSync(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', segment], {
          encoding: 'utf8',
        }),
      ) as {
        streams: {
          codec_name: string;
          profile?: string;
          height?: number;
          r_frame_rate?: string;
          sample_rate?: string;
          channels?: number;
        }[];
      };
      const v = streams.streams.find((s) => s.codec_name === 'h264');
      const a = streams.streams.find((s) => s.codec_name === 'aac');
      expect(v).toMatchObject({ profile: 'High', height, r_frame_rate: '25/1' });
      expect(a).toMatchObject({ sample_rate: '48000', channels: 2 });
    }
    expect(boundaries.size).toBe(1);
  });

  it('pads another shape to 16:9 and gives a silent source a sound track', async () => {
    const id = await ingestVideo(context, { file: join(fixtures, 'silent.mp4'), name: 'Без звука', categoryId: 1 });
    const row = await findItem(database.db, 'video', id);
    const rung = join(mediaDir, row!.renditions[0]!.link.replace(/^\/media\//u, ''));
    const probe = await probeMedia(tools, join(dirname(rung), 'seg_00000.ts'), 'media');
    expect(probe?.video).toEqual({ width: 1280, height: 720 });
    expect(probe?.hasAudio).toBe(true);
  });

  describe('refuses bad sources with a clear error, leaving everything as it was', () => {
    it.each([
      ['empty.mp4', 'empty.mp4: the file is empty'],
      ['text.mp4', 'text.mp4: not an audio or video file'],
      ['corrupt.mp4', 'corrupt.mp4: not an audio or video file'],
      ['tone.m4a', 'tone.m4a: has no video stream'],
      ['missing.mp4', 'missing.mp4: cannot read the file (ENOENT)'],
    ])('%s', async (name, message) => {
      const before = { videos: await database.db.select({ n: count() }).from(video), files: listTree(mediaDir) };
      const attempt = ingestVideo(context, { file: join(fixtures, name), name: 'Плохой', categoryId: 1 });
      await expect(attempt).rejects.toBeInstanceOf(IngestError);
      await expect(ingestVideo(context, { file: join(fixtures, name), name: 'Плохой', categoryId: 1 })).rejects.toThrow(
        message,
      );
      expect(await database.db.select({ n: count() }).from(video)).toEqual(before.videos);
      expect(listTree(mediaDir)).toEqual(before.files);
    });

    it('a file that names other files on the server: an HLS playlist, an ffconcat list', async () => {
      const before = listTree(mediaDir);
      for (const name of ['playlist.mp4', 'list.mp4']) {
        await expect(
          ingestVideo(context, { file: join(fixtures, name), name: 'Чужое', categoryId: 1 }),
        ).rejects.toThrow(`${name}: not an audio or video file ffprobe can read`);
      }
      expect(listTree(mediaDir)).toEqual(before);
    });

    it('a file over the size or duration limit', async () => {
      const before = listTree(mediaDir);
      const file = join(fixtures, 'clip.mp4');
      await expect(
        ingestVideo({ ...context, maxBytes: 1000 }, { file, name: 'Большой', categoryId: 1 }),
      ).rejects.toThrow(/clip\.mp4: \d+ bytes is over the limit of 1000 bytes/u);
      await expect(
        ingestVideo({ ...context, maxSeconds: 5 }, { file, name: 'Длинный', categoryId: 1 }),
      ).rejects.toThrow('clip.mp4: 9 s is over the limit of 5 s');
      expect(listTree(mediaDir)).toEqual(before);
    });

    it('an unknown category', async () => {
      await expect(
        ingestVideo(context, { file: join(fixtures, 'clip.mp4'), name: 'Куда?', categoryId: 999 }),
      ).rejects.toThrow('no video category 999');
    });

    it('an encoder failure mid-way removes the half-made folder', async () => {
      const before = listTree(mediaDir);
      const broken = { ...context, tools: { ...tools, ffmpeg: join(fixtures, 'no-such-ffmpeg') } };
      await expect(
        ingestVideo(broken, { file: join(fixtures, 'clip.mp4'), name: 'Сбой', categoryId: 1 }),
      ).rejects.toThrow(/^clip\.mp4: ffmpeg could not start$/u);
      expect(listTree(mediaDir)).toEqual(before);
    });
  });
});

describe('ingestRadio', () => {
  it('makes a sound file into HLS audio with a cover and adds it to the catalogue', async () => {
    const before = (await database.db.select({ n: count() }).from(radio))[0]!.n;
    const id = await ingestRadio(context, {
      file: join(fixtures, 'tone.m4a'),
      name: 'Камертон',
      author: 'Оркестр «Эфира»',
      categoryId: 1,
      preview: join(fixtures, 'cover.png'),
    });
    expect((await database.db.select({ n: count() }).from(radio))[0]!.n).toBe(before + 1);
    const rows = await database.db.select().from(radio);
    const row = rows.find((r) => r.id === id)!;
    expect(row.durationSeconds).toBeCloseTo(5, 0);
    const playlist = readFileSync(join(mediaDir, row.audioPlaylist.replace(/^\/media\//u, '')), 'utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(row.preview.endsWith('/preview.jpg')).toBe(true);
    // The file a visitor saves: one AAC stream in MP4, as long as the source.
    expect(row.audioFile).toBe(row.audioPlaylist.replace(/index\.m3u8$/u, 'audio.m4a'));
    const saved = join(mediaDir, row.audioFile.replace(/^\/media\//u, ''));
    const streams = execFileSync(
      tools.ffprobe,
      ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type', '-of', 'csv=p=0', saved],
      { encoding: 'utf8' },
    );
    expect(streams.trim()).toBe('aac,audio');
    expect((await probeMedia(tools, saved, 'media'))?.durationSeconds).toBeCloseTo(5, 0);
  });

  it('refuses a video without sound, and as a cover no picture or a name that would read other files', async () => {
    await expect(
      ingestRadio(context, { file: join(fixtures, 'silent.mp4'), name: 'Тишина', author: 'Никто', categoryId: 1 }),
    ).rejects.toThrow('silent.mp4: has no audio stream');
    for (const cover of ['text.mp4', 'playlist.mp4', 'frame-%d.png']) {
      await expect(
        ingestRadio(context, {
          file: join(fixtures, 'tone.m4a'),
          name: 'Обложка',
          author: 'Никто',
          categoryId: 1,
          preview: join(fixtures, cover),
        }),
      ).rejects.toThrow(`${cover}: not a JPEG, PNG or WebP picture`);
    }
    for (const picture of ['playlist.mp4', 'frame-%d.png']) {
      await expect(savePicture(tools, mediaDir, join(fixtures, picture), pictureSizes.slide)).rejects.toThrow(
        'Это не изображение',
      );
    }
  });

  it("tells an editor a picture failed in words of its own: ffmpeg's, with the server's paths, are the cause for the log", async () => {
    const broken = { ...tools, ffmpeg: join(fixtures, 'no-such-ffmpeg') };
    const failure: unknown = await savePicture(broken, mediaDir, join(fixtures, 'cover.png'), pictureSizes.slide).catch(
      (error: unknown) => error,
    );
    expect((failure as Error).message).toBe('Не удалось прочитать изображение: файл повреждён или слишком велик.');
    expect(((failure as Error).cause as Error).message).toContain('no-such-ffmpeg');
  });
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
