// The IPTV documents against a real site on a fake clock: ffmpeg plays every channel of the M3U
// list and a programme through its catch-up address, the guide validates against the XMLTV DTD,
// and at random instants the guide's programme is the item the live calls say is on air.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiUrl,
  catchupPlaceholders,
  iptvChannelId,
  iptvPaths,
  type Teleprogram,
  type TeleprogramItem,
  mainChannels,
} from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import { ingestRadio, ingestVideo } from '../src/media/ingest.ts';
import { replaceScheduleDay } from '../src/repositories/live.ts';
import { testDatabase } from './database.ts';
import { listeningLiveNode, playStream } from './live-node.ts';
import { liveTestBed, makeClip } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-iptv-'));
const mediaDir = join(work, 'media');
const day = '2032-02-20';
const at = (time: string): number => instantOf(testTimeZone, day, time);
const dtd = '/usr/share/xmltv/xmltv.dtd';

interface Programme {
  channel: string;
  start: number;
  stop: number;
  title: string;
}

/** The guide's programmes: their channel, times and Russian title. */
function programmesOf(xml: string): Programme[] {
  const time = (text: string): number => {
    const [, y, mo, d, h, mi, s, sign, oh, om] =
      /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d) ([+-])(\d\d)(\d\d)$/u.exec(text) ?? [];
    const offset = (Number(oh) * 60 + Number(om)) * 60_000 * (sign === '-' ? -1 : 1);
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset;
  };
  return [
    ...xml.matchAll(
      /<programme start="([^"]+)" stop="([^"]+)" channel="([^"]+)">\n\s*<title lang="ru">([^<]*)<\/title>/gu,
    ),
  ].map(([, start = '', stop = '', channel = '', title = '']) => ({
    channel,
    start: time(start),
    stop: time(stop),
    title: title.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
  }));
}

describe('IPTV documents', () => {
  let database: Database;
  let now = at('10:03:00');
  /** While set, the clock runs on from `now` as real time passes (ffmpeg waits for live playlists to grow). */
  let runningSince: number | undefined;
  const clock = () => new Date(runningSince === undefined ? now : now + Date.now() - runningSince);
  const bus = inProcessBus();
  let app: FastifyInstance;
  let mediaApp: FastifyInstance;
  let site = '';
  let ffmpeg = '';

  beforeAll(async () => {
    database = await testDatabase('pglite', 'migrated');
    const db = database.db;
    const { tools, context, videoCategoryId, radioCategoryId } = await liveTestBed(db, mediaDir, {
      video: 'Новости',
      radio: 'Песни',
    });
    ffmpeg = tools.ffmpeg;
    const clip = (name: string, seconds: number): string => {
      const file = join(work, `${name}.mp4`);
      makeClip(tools.ffmpeg, file, { seconds, size: '320x180' });
      return file;
    };
    const [eight, twelve] = [clip('eight', 8), clip('twelve', 12)];
    const videos = [
      await ingestVideo(context, {
        file: eight,
        name: 'Утренние новости',
        categoryId: videoCategoryId,
        description: 'Главное',
      }),
      await ingestVideo(context, { file: twelve, name: 'Погода & <пробки>', categoryId: videoCategoryId }),
      await ingestVideo(context, { file: eight, name: 'Спорт', categoryId: videoCategoryId, description: 'Итоги дня' }),
    ];
    const radios = [
      await ingestRadio(context, { file: eight, name: 'Песня', author: 'Хор', categoryId: radioCategoryId }),
      await ingestRadio(context, { file: twelve, name: 'Беседа', author: 'Ведущий', categoryId: radioCategoryId }),
    ];
    // From 09:00: a run of items, gaps of filler, items at fixed times through the afternoon; a
    // copy four hours ahead airs the afternoon now, one an hour behind the morning.
    const fixed = ['10:00:00', '10:30:00', '11:00:00', '12:00:00', '12:00:30', '13:00:00', '14:00:00', '14:10:00'];
    const items = (ids: number[]) => [
      ...Array.from({ length: 12 }, (_, i) => ({ mediaId: ids[i % ids.length]!, startsAt: null as string | null })),
      ...fixed.flatMap((time, i) => [
        { mediaId: ids[i % ids.length]!, startsAt: time },
        { mediaId: ids[(i + 1) % ids.length]!, startsAt: null },
      ]),
    ];
    for (const [channel, ids] of [
      ['tv', videos],
      ['radio', radios],
    ] as const) {
      const written = await replaceScheduleDay(db, mainChannels[channel], day, {
        startsAt: '09:00:00',
        finishedText: '',
        items: items(ids).map((item) => ({ ...item, isAd: false, draft: 0 })),
      });
      expect(written).toBeDefined();
    }

    const live = createLiveChannels({
      db,
      mediaDir,
      timeZone: testTimeZone,
      planTtlMs: 0,
      shifts: { tv: [-60, 240], radio: [240] },
    });
    ({ app, media: mediaApp, site } = await listeningLiveNode({ db, bus, clock, live, mediaDir }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all([app.close(), mediaApp.close()]);
    await bus.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  const text = async (path: string): Promise<string> => {
    const answer = await fetch(`${site}${path}`);
    expect(answer.status, path).toBe(200);
    return answer.text();
  };

  const play = (url: string, seconds?: number): Promise<number> => playStream(ffmpeg, url, seconds);

  it('lists every channel and copy, with its guide id, logo, group and catch-up', async () => {
    now = at('10:03:00');
    const list = await text(iptvPaths.channels);
    expect(list.startsWith(`#EXTM3U x-tvg-url="${site}${iptvPaths.guide}"`)).toBe(true);
    const entries = [...list.matchAll(/^#EXTINF:-1 (.*),(.*)\n(.*)$/gmu)];
    expect(entries.map((entry) => /tvg-id="([^"]+)"/u.exec(entry[1] ?? '')?.[1])).toEqual([
      iptvChannelId('tv'),
      iptvChannelId('radio'),
      iptvChannelId('tv', -60),
      iptvChannelId('tv', 240),
      iptvChannelId('radio', 240),
    ]);
    expect(entries.map((entry) => entry[2])).toEqual([
      'Эфир',
      'Радио «Эфир»',
      'Эфир (-1)',
      'Эфир (+4)',
      'Радио «Эфир» (+4)',
    ]);
    for (const [, attributes = '', , stream = ''] of entries) {
      expect(attributes).toContain('catchup="default"');
      expect(attributes).toContain(
        `catchup-source="${stream}?start=${catchupPlaceholders.start}&end=${catchupPlaceholders.end}"`,
      );
      expect(attributes).toMatch(/tvg-logo="http:\/\/127\.0\.0\.1:\d+\/iptv\/efir-(tv|radio)\.png"/u);
    }
  });

  it('writes its addresses for the site’s own origins only, whatever Host a request names', async () => {
    for (const host of ['evil.example', 'evil.example:8080', `127.0.0.1:1`]) {
      const list = await app.inject({ method: 'GET', url: iptvPaths.channels, headers: { host } });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('evil');
      expect(
        [...list.body.matchAll(/https?:\/\/[^/"\s]+/gu)].every(([origin]) => origin.startsWith('http://127.0.0.1:')),
      ).toBe(true);
      expect(list.body).not.toContain('127.0.0.1:1/');
      const guide = await app.inject({ method: 'GET', url: iptvPaths.guide, headers: { host } });
      expect(guide.body).not.toContain('evil');
    }
  });

  it('plays every entry of the list with ffmpeg', async () => {
    now = at('10:03:00');
    const streams = [...(await text(iptvPaths.channels)).matchAll(/^(http\S+)$/gmu)].map((match) => match[1] ?? '');
    expect(streams).toHaveLength(5);
    runningSince = Date.now();
    try {
      for (const stream of streams) expect(await play(stream, 3), stream).toBeGreaterThanOrEqual(2.9);
    } finally {
      runningSince = undefined;
    }
  }, 120_000);

  it('validates against the XMLTV DTD, in both scripts, each channel with its programmes', async () => {
    now = at('10:03:00');
    const guide = await text(iptvPaths.guide);
    const file = join(work, 'epg.xml');
    writeFileSync(file, guide);
    const checked = execFileSync('tv_validate_file', ['--dtd-file', dtd, file], { encoding: 'utf8' });
    expect(checked.trim()).toBe('Validated ok.');
    expect(guide).toContain('<title lang="ru">Погода &amp; &lt;пробки&gt;</title>');
    expect(guide).toContain('<title lang="ru-Latn">Pogoda &amp; &lt;probki&gt;</title>');
    expect(guide).toContain('<category lang="ru">Новости</category>');
    const programmes = programmesOf(guide);
    const main = programmes.filter((programme) => programme.channel === iptvChannelId('tv'));
    // The copy four hours ahead airs the same programmes four hours sooner, its times in its zone.
    const ahead = programmes.filter((programme) => programme.channel === iptvChannelId('tv', 240));
    expect(ahead.map((programme) => [programme.start + 4 * 3_600_000, programme.title])).toEqual(
      main.map((programme) => [programme.start, programme.title]),
    );
    expect(guide).toMatch(/channel="efir\.tv-plus-4"/u);
    expect(guide).toContain(`start="20320220090000 +0700" stop=`);
    // An ETag, and nothing sent again for it.
    const first = await fetch(`${site}${iptvPaths.guide}`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/u);
    expect((await fetch(`${site}${iptvPaths.guide}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  }, 60_000);

  it('plays a programme through its catch-up address, from its start to its end', async () => {
    now = at('10:03:00');
    const list = await text(iptvPaths.channels);
    const source = /tvg-id="efir\.tv" .*catchup-source="([^"]+)"/u.exec(list)?.[1] ?? '';
    const programme = programmesOf(await text(iptvPaths.guide)).find(
      (entry) => entry.channel === iptvChannelId('tv') && entry.start >= at('09:01:00') && entry.stop < now,
    );
    expect(programme).toBeDefined();
    const url = source
      .replace(catchupPlaceholders.start, String(programme!.start / 1000))
      .replace(catchupPlaceholders.end, String(programme!.stop / 1000));
    const playlist = await (await fetch(url.replace('/stream.m3u8', '/720/stream.m3u8'))).text();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const length = (programme!.stop - programme!.start) / 1000;
    expect(await play(url)).toBeGreaterThanOrEqual(length - 0.5);
  }, 120_000);

  it('says at random instants the programme the live calls say is on air', async () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // Ascending instants (a clock goes forward), each past the guide's 30 s freshness.
    const instants: number[] = [];
    for (let t = at('09:00:05'); t < at('14:20:00'); t += 31_000 + Math.floor(random() * 600_000)) instants.push(t);
    let compared = 0;
    for (const t of instants) {
      now = t;
      const run = (await (await fetch(`${site}${apiUrl('teleprogramRunStatus')}`)).json()) as Teleprogram | 'none';
      const guide = programmesOf(await text(iptvPaths.guide)).filter((entry) => entry.channel === iptvChannelId('tv'));
      const airing = guide.find((entry) => entry.start <= t && t < entry.stop);
      const time = new Date(t).toISOString();
      if (run === 'none' || run.status !== 1) {
        expect(airing, time).toBeUndefined();
        continue;
      }
      const items = (await (
        await fetch(`${site}${apiUrl('teleprogramVideosWithAds', { params: { id: run.id } })}`)
      ).json()) as {
        results: TeleprogramItem[];
      };
      const said = items.results[run.index]?.video.name;
      // In a gap the TV's run names the item to come: the guide's next programme.
      const expected = airing ?? guide.find((entry) => entry.start > t);
      expect(expected?.title, time).toBe(said);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
  }, 120_000);
});
