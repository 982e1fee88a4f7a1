import { mainChannels } from '@efir/contract';
// Just after an edit that gives an ended day more to air, the channel still airs the day as it
// was (off the air) until the new items join; the live calls say the day goes on meanwhile, not
// that it is over (which would close a visitor's radio player for good). And until any edit joins,
// the calls name the item whose segments are on the air, not the one the new schedule has there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { radio, radioCategory, video, videoCategory } from '../src/db/schema/index.ts';
import { instantOf } from '../src/lib/clock.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import { type LiveChannelName, replaceScheduleDay } from '../src/repositories/live.ts';
import { testDatabase } from './database.ts';
import { writeMediaPlaylist } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-live-join-'));
const mediaDir = join(work, 'media');
const day = '2031-09-09';
const at = (time: string): number => instantOf(testTimeZone, day, time);

describe('a day given more to air after it ended', () => {
  let database: Database;
  const ids: Record<LiveChannelName, number> = { tv: 0, radio: 0 };
  const more: Record<'long' | 'mid', Record<LiveChannelName, number>> = {
    long: { tv: 0, radio: 0 },
    mid: { tv: 0, radio: 0 },
  };

  beforeAll(async () => {
    database = await testDatabase('pglite', 'migrated');
    const db = database.db;
    writeMediaPlaylist(mediaDir, 'filler/tv/720', 8, 1);
    writeMediaPlaylist(mediaDir, 'filler/radio', 8, 1);
    writeMediaPlaylist(mediaDir, 'v/m/720', 8);
    writeMediaPlaylist(mediaDir, 'r/m', 8);
    const [videoCat] = await db.insert(videoCategory).values({ name: 'Проверка' }).returning();
    const [radioCat] = await db.insert(radioCategory).values({ name: 'Проверка' }).returning();
    const ready = { durationSeconds: 8, mediaReadyAt: new Date(at('00:00:00')) };
    const [v] = await db
      .insert(video)
      .values({ ...ready, name: 'Видео', categoryId: videoCat!.id, masterPlaylist: '/media/v/m/master.m3u8' })
      .returning();
    const [r] = await db
      .insert(radio)
      .values({ ...ready, name: 'Радио', categoryId: radioCat!.id, audioPlaylist: '/media/r/m/index.m3u8' })
      .returning();
    ids.tv = v!.id;
    ids.radio = r!.id;
    for (const [name, seconds] of [
      ['long', 60],
      ['mid', 30],
    ] as const) {
      writeMediaPlaylist(mediaDir, `v/${name}/720`, seconds);
      writeMediaPlaylist(mediaDir, `r/${name}`, seconds);
      const media = { durationSeconds: seconds, mediaReadyAt: new Date(at('00:00:00')) };
      const [v2] = await db
        .insert(video)
        .values({ ...media, name, categoryId: videoCat!.id, masterPlaylist: `/media/v/${name}/master.m3u8` })
        .returning();
      const [r2] = await db
        .insert(radio)
        .values({ ...media, name, categoryId: radioCat!.id, audioPlaylist: `/media/r/${name}/index.m3u8` })
        .returning();
      more[name] = { tv: v2!.id, radio: r2!.id };
    }
  });

  afterAll(async () => {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  for (const channel of ['tv', 'radio'] as const) {
    it(`keeps the ${channel} day going while its new item joins, then airs it`, async () => {
      const db = database.db;
      const live = createLiveChannels({ db, mediaDir, timeZone: testTimeZone, planTtlMs: 0 });
      const write = (items: { mediaId: number; startsAt: string | null }[]) =>
        replaceScheduleDay(db, mainChannels[channel], day, {
          startsAt: '12:00:00',
          finishedText: '',
          items: items.map((item) => ({ ...item, isAd: false, draft: 0 })),
        });
      await write([{ mediaId: ids[channel], startsAt: null }]);
      // The day's one item aired and ended (its last window closed); the channel has decided its air
      // 10 s ahead: off the air.
      expect((await live[channel].playlists.playlist(at('12:00:30')))?.ended).toBe(true);
      const over = await live[channel].runState(day, at('12:00:30'));
      expect(over).toEqual({ status: channel === 'tv' ? 4 : 0, index: 1 });
      await write([
        { mediaId: ids[channel], startsAt: null },
        { mediaId: ids[channel], startsAt: '12:00:42' },
      ]);
      live[channel].scheduleChanged();
      // Still off the air to the frontier, the day goes on: its next item is about to join.
      expect((await live[channel].playlists.playlist(at('12:00:31')))?.ended).toBe(true);
      expect(await live[channel].runState(day, at('12:00:31'))).toEqual({
        status: channel === 'tv' ? 1 : 4,
        index: 1,
      });
      // Joined: the item airs.
      expect((await live[channel].playlists.playlist(at('12:00:45')))?.ended).toBe(false);
      expect(await live[channel].runState(day, at('12:00:45'))).toEqual({ status: 1, index: 1 });
    });
  }

  for (const channel of ['tv', 'radio'] as const) {
    it(`names the ${channel} item whose segments air until an edit joins`, async () => {
      const db = database.db;
      const live = createLiveChannels({ db, mediaDir, timeZone: testTimeZone, planTtlMs: 0 });
      const date = '2031-09-10';
      const when = (time: string): number => instantOf(testTimeZone, date, time);
      const write = (mediaIds: number[]) =>
        replaceScheduleDay(db, mainChannels[channel], date, {
          startsAt: '12:00:00',
          finishedText: '',
          items: mediaIds.map((mediaId) => ({ mediaId, startsAt: null, isAd: false, draft: 0 })),
        });
      const named = async (time: string) => (await live[channel].onAirAt(when(time)))?.onAir;
      const [short, long, mid] = [ids[channel], more.long[channel], more.mid[channel]];
      await write([long, short]);
      await live[channel].extend(when('12:00:20'));
      expect(await named('12:00:20')).toMatchObject({ itemIndex: 0 });
      // An item inserted before the one on air: the save writes every item anew, and the one on air
      // goes on until the edit joins; its segments air, so it is named (now second), not the
      // inserted one its place in the new schedule holds.
      await write([short, long, short]);
      live[channel].scheduleChanged();
      expect(await named('12:00:21')).toMatchObject({ itemIndex: 1 });
      // The item on air removed: until the edit joins at the log's frontier nothing of the new
      // list is on the air, and the item the new schedule has then is the next.
      await write([short, mid]);
      live[channel].scheduleChanged();
      expect(await named('12:00:22')).toMatchObject({ itemIndex: null, next: [1] });
      const joined = (live[channel].decidedUntil() ?? 0) + 2000;
      await live[channel].extend(joined);
      expect((await live[channel].onAirAt(joined))?.onAir).toMatchObject({ itemIndex: 1 });
    });
  }
});
