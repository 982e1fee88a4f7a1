// A channel added as data: an operator adds a third channel with one call, writes its day with
// another, and it airs — its streams on the media port (ffmpeg plays them, now and rewound), its
// entry in the IPTV list and guide (the guide validates against the XMLTV DTD) — on this node and,
// told by the bus, on a second node over the same database. The spec's calls answer for the main
// channels exactly as before. Real ffmpeg, real media, a real site on a fake clock.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminUrl,
  apiUrl,
  type ChannelOnAir,
  efirUrl,
  channelLimits,
  iptvChannelId,
  iptvPaths,
  rewindQuery,
  videoStreamPath,
} from '@efir/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels, type LiveChannels } from '../src/live/live-channels.ts';
import { ingestVideo } from '../src/media/ingest.ts';
import { testDatabase } from './database.ts';
import { listeningLiveNode, type LiveNode, playStream } from './live-node.ts';
import { liveTestBed, makeClip } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-channel-'));
const mediaDir = join(work, 'media');
const day = '2032-03-11';
const at = (time: string): number => instantOf(testTimeZone, day, time);
const token = 'operators-token';

describe('a channel added as data', () => {
  let database: Database;
  let now = at('10:00:30');
  /** While set, the clock runs on from `now` as real time passes (ffmpeg waits for live playlists to grow). */
  let runningSince: number | undefined;
  const clock = () => new Date(runningSince === undefined ? now : now + Date.now() - runningSince);
  const bus = inProcessBus();
  const nodes: (LiveNode & { live: LiveChannels })[] = [];
  let ffmpeg = '';
  let videos: number[] = [];

  beforeAll(async () => {
    database = await testDatabase('pglite', 'migrated');
    const db = database.db;
    const { tools, context, videoCategoryId } = await liveTestBed(db, mediaDir, { video: 'Кино', radio: 'Песни' });
    ffmpeg = tools.ffmpeg;
    const clip = join(work, 'clip.mp4');
    makeClip(tools.ffmpeg, clip, { seconds: 8, size: '320x180' });
    videos = [
      await ingestVideo(context, { file: clip, name: 'Старое кино', categoryId: videoCategoryId }),
      await ingestVideo(context, { file: clip, name: 'Новое кино', categoryId: videoCategoryId }),
    ];
    // Two nodes over one database and one bus, as the cluster runs.
    for (let i = 0; i < 2; i += 1) {
      const live = createLiveChannels({
        db,
        mediaDir,
        timeZone: testTimeZone,
        planTtlMs: 0,
        shifts: { tv: [240], radio: [] },
      });
      await live.refresh();
      const admin = { token, onQueued: () => undefined };
      nodes.push({ ...(await listeningLiveNode({ db, bus, clock, live, mediaDir, admin })), live });
    }
  }, 180_000);

  afterAll(async () => {
    for (const node of nodes) await Promise.all([node.app.close(), node.media.close()]);
    await bus.close();
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  const node = (index: number) => nodes[index] as (typeof nodes)[number];
  const admin = (path: string, init: { method?: string; body?: string } = {}, index = 0) =>
    fetch(`${node(index).site}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const play = (url: string, seconds: number): Promise<number> => playStream(ffmpeg, url, seconds);

  it('is refused a slug it cannot take, a taken one, an empty name and a kind that is none', async () => {
    const add = (body: object) => admin(adminUrl('channelAdd'), { method: 'POST', body: JSON.stringify(body) });
    for (const slug of ['Kino', 'k', 'kino-', '1kino', 'kino/x', 'a'.repeat(25)]) {
      expect((await add({ slug, name: 'Кино', kind: 'video' })).status, slug).toBe(400);
    }
    for (const slug of ['tv', 'radio', 'media', 'iptv']) {
      const answer = await add({ slug, name: 'Кино', kind: 'video' });
      expect(answer.status, slug).toBe(400);
      expect(((await answer.json()) as { detail: string }).detail).toContain('занят');
    }
    expect((await add({ slug: 'kino', name: '  ', kind: 'video' })).status).toBe(400);
    expect((await add({ slug: 'kino', name: 'Кино', kind: 'film' })).status).toBe(400);
    const anonymous = await fetch(`${node(0).site}${adminUrl('channelAdd')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'kino', name: 'Кино', kind: 'video' }),
    });
    expect(anonymous.status).toBe(401);
    const listed = (await (await admin(adminUrl('channels'))).json()) as { slug: string }[];
    expect(listed.map((channel) => channel.slug)).toEqual(['tv', 'radio']);
  });

  it('is added with one call, once, and its day written with another', async () => {
    const added = await admin(adminUrl('channelAdd'), {
      method: 'POST',
      body: JSON.stringify({ slug: 'kino', name: 'Кино «Эфир»', kind: 'video' }),
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ slug: 'kino', name: 'Кино «Эфир»', kind: 'video', main: false, logo: null });
    const again = await admin(adminUrl('channelAdd'), {
      method: 'POST',
      body: JSON.stringify({ slug: 'kino', name: 'Другое', kind: 'audio' }),
    });
    expect(again.status).toBe(409);
    const listed = (await (await admin(adminUrl('channels'), {}, 1)).json()) as { slug: string }[];
    expect(listed.map((channel) => channel.slug)).toEqual(['tv', 'radio', 'kino']);

    const items = Array.from({ length: 40 }, (_, i) => ({ id: videos[i % 2] as number }));
    const written = await admin(adminUrl('scheduleWrite', { params: { channel: 'kino', date: day } }), {
      method: 'PUT',
      body: JSON.stringify({ startsAt: '10:00:00', finishedText: '', items }),
    });
    expect(written.status).toBe(200);
    expect(await written.json()).toMatchObject({ channel: 'kino', date: day });
    const nowhere = await admin(adminUrl('scheduleWrite', { params: { channel: 'nowhere', date: day } }), {
      method: 'PUT',
      body: JSON.stringify({ startsAt: '10:00:00', finishedText: '', items }),
    });
    expect(nowhere.status).toBe(404);
  });

  it('says what each channel airs now, in either script', async () => {
    now = at('10:00:30');
    const onAir = async (script: string) =>
      (await (
        await fetch(`${node(0).site}${efirUrl('channelsOnAir')}`, { headers: { 'accept-language': script } })
      ).json()) as ChannelOnAir[];
    const kino = (await onAir('ru-cyrl')).find((channel) => channel.slug === 'kino');
    expect(kino).toMatchObject({ name: 'Кино «Эфир»', kind: 'video', main: false, playlist: videoStreamPath('kino') });
    expect(kino?.now?.name).toMatch(/^(Старое|Новое) кино$/u);
    const latin = (await onAir('ru-latn')).find((channel) => channel.slug === 'kino');
    expect(latin?.name).toBe('Kino «Efir»');
  });

  it('leaves the spec’s calls to the main channels: the TV has no day, whatever the new one has', async () => {
    const today = await fetch(`${node(0).site}${apiUrl('teleprogramToday')}`);
    expect(await today.json()).toBe('none');
    const list = (await (await fetch(`${node(0).site}${apiUrl('teleprogramList')}`)).json()) as unknown[];
    expect(list).toEqual([]);
  });

  it('airs on both nodes: ffmpeg plays its stream, its copy and its rewind form', async () => {
    // The copy four hours ahead airs the day's 10:00 at 06:00 here.
    now = at('06:00:30');
    runningSince = Date.now();
    try {
      expect(await play(`${node(0).streams}${videoStreamPath('kino', 240)}`, 2)).toBeGreaterThanOrEqual(1.9);
    } finally {
      runningSince = undefined;
    }
    now = at('10:00:30');
    runningSince = Date.now();
    try {
      for (const index of [0, 1]) {
        const base = node(index).streams;
        expect(await play(`${base}${videoStreamPath('kino')}`, 3), `node ${String(index)}`).toBeGreaterThanOrEqual(2.9);
      }
    } finally {
      runningSince = undefined;
    }
    now = at('10:02:00');
    const from = at('10:00:04') / 1000;
    const rewound = `${node(1).streams}${videoStreamPath('kino', 0, 720)}${rewindQuery(from, from + 16)}`;
    const playlist = await (await fetch(rewound)).text();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(await play(rewound, 30)).toBeGreaterThanOrEqual(15.5);
  }, 120_000);

  it('is in the IPTV list, which ffmpeg plays, and in a guide that validates', async () => {
    now = at('10:01:00');
    const list = await (await fetch(`${node(1).site}${iptvPaths.channels}`)).text();
    const entry = /^#EXTINF:-1 (.*tvg-id="efir\.kino".*),(.*)\n(.*)$/mu.exec(list);
    expect(entry?.[2]).toBe('Кино «Эфир»');
    expect(entry?.[1]).toContain('group-title="Телевидение"');
    expect(list).toContain(`tvg-id="${iptvChannelId('kino', 240)}"`);
    runningSince = Date.now();
    try {
      expect(await play(entry?.[3] ?? '', 3)).toBeGreaterThanOrEqual(2.9);
    } finally {
      runningSince = undefined;
    }
    const guide = await (await fetch(`${node(1).site}${iptvPaths.guide}`)).text();
    const file = join(work, 'epg.xml');
    writeFileSync(file, guide);
    const checked = spawnSync('tv_validate_file', ['--dtd-file', '/usr/share/xmltv/xmltv.dtd', file], {
      encoding: 'utf8',
    });
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe('Validated ok.');
    expect(guide).toContain('<channel id="efir.kino">');
    const titles = [
      ...guide.matchAll(/<programme start="[^"]+" stop="[^"]+" channel="efir\.kino">\n\s*<title lang="ru">([^<]*)</gu),
    ].map((match) => match[1]);
    expect(titles.slice(0, 4)).toEqual(['Старое кино', 'Новое кино', 'Старое кино', 'Новое кино']);
  }, 120_000);

  it(`stops at ${String(channelLimits.channels)} channels`, async () => {
    for (let i = 3; i < channelLimits.channels; i += 1) {
      const added = await admin(adminUrl('channelAdd'), {
        method: 'POST',
        body: JSON.stringify({ slug: `radio-${String(i)}`, name: `Радио ${String(i)}`, kind: 'audio' }),
      });
      expect(added.status).toBe(201);
    }
    const over = await admin(adminUrl('channelAdd'), {
      method: 'POST',
      body: JSON.stringify({ slug: 'one-more', name: 'Ещё', kind: 'audio' }),
    });
    expect(over.status).toBe(400);
    expect(node(1).live.list()).toHaveLength(channelLimits.channels);
  });
});
