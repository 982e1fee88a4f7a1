// Ingest with the real ffmpeg on tiny fixtures made here: videos and radios from editors' files.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useIngestBed } from '../../test/ingest-bed.ts';
import type { Database } from '../db/database.ts';
import { radio, video } from '../db/schema/index.ts';
import { findItem } from '../repositories/catalogues.ts';
import { type MediaTools } from './ffmpeg.ts';
import { changeVideoSubtitles, ingestRadio, ingestRadioMedia, ingestVideo, ingestVideoMedia } from './ingest.ts';
import { type IngestContext, IngestError } from './ingest-work.ts';
import { pictureSizes, savePicture } from './pictures.ts';
import { probeMedia } from './probe.ts';

const bed = useIngestBed(({ make, fixtures }) => {
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
});
let tools: MediaTools;
let database: Database;
let context: IngestContext;
let fixtures = '';
let mediaDir = '';
const listTree = (dir: string): string[] => bed().listTree(dir);

beforeAll(() => {
  ({ tools, database, context, fixtures, mediaDir } = bed());
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

describe('an upload for an item without media', () => {
  it('gives the item its length once the source is probed, before the encoding ends', async () => {
    const db = database.db;
    const [v] = await db.insert(video).values({ name: 'Без медиа', categoryId: 2 }).returning();
    const [r] = await db.insert(radio).values({ name: 'Без медиа', categoryId: 1 }).returning();
    for (const [name, id, file, ingest] of [
      ['video', v!.id, 'silent.mp4', ingestVideoMedia],
      ['radio', r!.id, 'tone.m4a', ingestRadioMedia],
    ] as const) {
      // Read while it encodes: its slot on the air has its real length before its media exist.
      const table = name === 'video' ? video : radio;
      const read = () =>
        db
          .select({ durationSeconds: table.durationSeconds, mediaReadyAt: table.mediaReadyAt })
          .from(table)
          .where(eq(table.id, id));
      let whileEncoding: Promise<{ durationSeconds: number; mediaReadyAt: Date | null } | undefined> | undefined;
      await ingest(context, { file: join(fixtures, file), itemId: id }, (_done, stage) => {
        // Asked now (a query runs once it is awaited or then'd), answered whenever it comes.
        if (stage === 'encoding') whileEncoding ??= read().then((rows) => rows[0]);
      });
      const seen = await whileEncoding;
      expect(seen?.mediaReadyAt, name).toBeNull();
      expect(seen?.durationSeconds, name).toBeCloseTo(name === 'video' ? 3 : 5, 0);
    }
  });
});

describe('a video with subtitles', () => {
  const cueSrt = '1\n00:00:01,000 --> 00:00:02,500\nДобрый вечер\n\n2\n00:00:05,000 --> 00:00:06,000\nДо свидания\n';
  const cueVtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nGood evening\n';

  it('carries an SRT and a WebVTT as a SUBTITLES group of WebVTT segments on the media segments and clock', async () => {
    writeFileSync(join(fixtures, 'ru.srt'), cueSrt);
    writeFileSync(join(fixtures, 'en.vtt'), cueVtt);
    const id = await ingestVideo(context, {
      file: join(fixtures, 'clip.mp4'),
      name: 'С титрами',
      categoryId: 1,
      subtitles: [
        { file: join(fixtures, 'ru.srt'), language: 'ru', label: 'Русский' },
        { file: join(fixtures, 'en.vtt'), language: 'en', label: 'English' },
      ],
    });
    const row = await findItem(database.db, 'video', id);
    // The video knows its tracks' languages (the studio and the on-air desk show them).
    expect(row?.subtitles).toEqual(['ru', 'ru-Latn', 'en']);
    const dir = join(mediaDir, row!.masterPlaylist.replace(/^\/media\//u, '').replace(/\/master\.m3u8$/u, ''));
    const master = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ru",NAME="Русский",DEFAULT=NO,AUTOSELECT=YES,URI="subs/ru/index.m3u8"\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ru-Latn",NAME="Russkii",DEFAULT=NO,AUTOSELECT=YES,URI="subs/ru-Latn/index.m3u8"\n' +
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES,URI="subs/en/index.m3u8"\n',
    );
    expect(master.match(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"/gu)).toHaveLength(3);

    // The subtitle playlist has the video's segments: as many, as long.
    const durations = (text: string): string[] => [...text.matchAll(/#EXTINF:([\d.]+),/gu)].map((m) => m[1]!);
    const rung = readFileSync(join(dir, '720', 'index.m3u8'), 'utf8');
    const subs = readFileSync(join(dir, 'subs', 'ru', 'index.m3u8'), 'utf8');
    expect(durations(subs).map(Number)).toEqual(durations(rung).map(Number));
    expect(subs).toContain('#EXT-X-ENDLIST');

    // Its clock is the segments': the map names the first segment's first video frame on the MPEG-TS clock.
    const start = Number.parseFloat(
      execFileSync(
        tools.ffprobe,
        [
          ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=start_time'],
          ...['-of', 'csv=p=0', join(dir, '720', 'seg_00000.ts')],
        ],
        { encoding: 'utf8' },
      ).trim(),
    );
    const first = readFileSync(join(dir, 'subs', 'ru', 'seg_00000.vtt'), 'utf8');
    expect(first).toBe(
      `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${String(Math.round(start * 90_000))},LOCAL:00:00:00.000\n\n` +
        '00:00:01.000 --> 00:00:02.500\nДобрый вечер\n',
    );
    expect(readFileSync(join(dir, 'subs', 'ru', 'seg_00001.vtt'), 'utf8')).toContain('До свидания');
    expect(readFileSync(join(dir, 'subs', 'en', 'seg_00000.vtt'), 'utf8')).toContain('Good evening');
    // The Russian cues in the Latin script, made from them, on the same clock.
    expect(readFileSync(join(dir, 'subs', 'ru-Latn', 'seg_00000.vtt'), 'utf8')).toBe(
      first.replace('Добрый вечер', 'Dobryi vecher'),
    );

    // ffprobe reads each subtitle playlist as HLS: one WebVTT stream. (FFmpeg 5.1's HLS reader
    // does not take a master's subtitle groups: «Can't support the subtitle».)
    for (const language of ['ru', 'en']) {
      const probed = JSON.parse(
        execFileSync(
          tools.ffprobe,
          [
            ...['-v', 'error', '-allowed_extensions', 'ALL', '-print_format', 'json', '-show_streams'],
            join(dir, 'subs', language, 'index.m3u8'),
          ],
          { encoding: 'utf8' },
        ),
      ) as { streams: { codec_name: string; codec_type: string }[] };
      expect(probed.streams).toMatchObject([{ codec_name: 'webvtt', codec_type: 'subtitle' }]);
    }
  });

  it('refuses a malformed subtitle file before the encoding, with its line, leaving everything as it was', async () => {
    writeFileSync(
      join(fixtures, 'bad.vtt'),
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nок\n\n00:00:0x.000 --> 00:00:04.000\n',
    );
    writeFileSync(join(fixtures, 'late.srt'), '1\n00:00:30,000 --> 00:00:31,000\nПосле конца\n');
    const before = { videos: await database.db.select({ n: count() }).from(video), files: listTree(mediaDir) };
    for (const [file, message] of [
      ['bad.vtt', 'bad.vtt, line 6: cue start timestamp `00:00:0x.000` is invalid'],
      ['late.srt', "late.srt: a cue starts at 00:00:30.000, after the video's end"],
      ['missing.srt', 'missing.srt: no such file'],
    ] as const) {
      const attempt = ingestVideo(context, {
        file: join(fixtures, 'clip.mp4'),
        name: 'Плохие титры',
        categoryId: 1,
        subtitles: [{ file: join(fixtures, file), language: 'ru', label: 'Русский' }],
      });
      await expect(attempt).rejects.toThrow(new IngestError(message).message);
    }
    expect(await database.db.select({ n: count() }).from(video)).toEqual(before.videos);
    expect(listTree(mediaDir)).toEqual(before.files);
  });
});

describe("an editor's change of a video's subtitles", () => {
  const folderOf = (link: string): string =>
    join(mediaDir, link.replace(/^\/media\//u, '').replace(/\/master\.m3u8$/u, ''));
  const rowOf = async (id: number) => {
    const row = await findItem(database.db, 'video', id);
    if (row === undefined) throw new Error(`no video ${String(id)}`);
    return { ...row, dir: folderOf(row.masterPlaylist) };
  };
  const segment = (dir: string, language: string) => readFileSync(join(dir, 'subs', language, 'seg_00000.vtt'), 'utf8');

  it('attaches, replaces and removes tracks in a folder of their own, the picture linked, the other tracks kept', async () => {
    const id = await ingestVideo(context, { file: join(fixtures, 'silent.mp4'), name: 'Без титров', categoryId: 1 });
    const bare = await rowOf(id);
    expect(bare.subtitles).toEqual([]);
    writeFileSync(join(fixtures, 'upload-en'), 'WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nHello\n');
    const attach = (file: string, format: 'vtt' | 'srt', language: string, label: string) =>
      changeVideoSubtitles(context, {
        itemId: id,
        attach: { file: join(fixtures, file), format, name: `${file}.${format}`, language, label },
      });

    expect(await attach('upload-en', 'vtt', 'en', 'English')).toEqual({ retired: bare.masterPlaylist.slice(7, -12) });
    const english = await rowOf(id);
    expect(english.subtitles).toEqual(['en']);
    expect(english.dir).not.toBe(bare.dir);
    // The media are the same files: linked, not copied or made again; the old folder is the caller's to retire.
    const rung = String(bare.renditions[0]?.height);
    expect(statSync(join(english.dir, rung, 'seg_00000.ts')).ino).toBe(
      statSync(join(bare.dir, rung, 'seg_00000.ts')).ino,
    );
    expect(english.renditions.map((r) => r.link)).toEqual(
      bare.renditions.map((r) =>
        r.link.replace(bare.masterPlaylist.slice(0, -12), english.masterPlaylist.slice(0, -12)),
      ),
    );
    expect(english.preview).toBe(`${english.masterPlaylist.slice(0, -12)}/preview.jpg`);
    expect(existsSync(bare.dir)).toBe(true);
    const master = readFileSync(join(english.dir, 'master.m3u8'), 'utf8');
    expect(master).toContain('LANGUAGE="en",NAME="English"');
    expect(master.match(/#EXT-X-STREAM-INF:.*SUBTITLES="subs"/gu)).toHaveLength(bare.renditions.length);
    expect(segment(english.dir, 'en')).toContain('00:00:00.500 --> 00:00:01.500\nHello');

    // The Russian track comes first and brings its Latin script; the English one is kept as it was.
    writeFileSync(join(fixtures, 'upload-ru'), '1\n00:00:01,000 --> 00:00:02,000\nДобрый вечер\n');
    await attach('upload-ru', 'srt', 'ru', 'Русский');
    const both = await rowOf(id);
    expect(both.subtitles).toEqual(['ru', 'ru-Latn', 'en']);
    expect(segment(both.dir, 'en')).toBe(segment(english.dir, 'en'));
    expect(segment(both.dir, 'ru-Latn')).toContain('Dobryi vecher');

    // A new Russian file replaces the track and its Latin copy.
    writeFileSync(join(fixtures, 'upload-ru2'), 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nДоброе утро\n');
    await attach('upload-ru2', 'vtt', 'ru', 'Русский');
    const replaced = await rowOf(id);
    expect(replaced.subtitles).toEqual(['ru', 'ru-Latn', 'en']);
    expect(segment(replaced.dir, 'ru')).toContain('Доброе утро');
    expect(segment(replaced.dir, 'ru-Latn')).toContain('Dobroe utro');

    // A bad file refuses with its line and changes nothing.
    writeFileSync(join(fixtures, 'upload-bad'), 'WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nбез стрелки\n');
    await expect(attach('upload-bad', 'vtt', 'tt', 'Татарча')).rejects.toThrow(
      new IngestError('upload-bad.vtt, line 3: a cue needs a timing line, start --> end').message,
    );
    expect((await rowOf(id)).masterPlaylist).toBe(replaced.masterPlaylist);

    // Removing the Russian track removes its Latin copy.
    await changeVideoSubtitles(context, { itemId: id, remove: 'ru' });
    const removed = await rowOf(id);
    expect(removed.subtitles).toEqual(['en']);
    expect(readFileSync(join(removed.dir, 'master.m3u8'), 'utf8')).not.toContain('LANGUAGE="ru');

    // New media keep the subtitles they fit.
    await ingestVideoMedia(context, { file: join(fixtures, 'silent.mp4'), itemId: id });
    const remade = await rowOf(id);
    expect(remade.subtitles).toEqual(['en']);
    expect(segment(remade.dir, 'en')).toContain('Hello');
  });
});
