import { mainChannels } from '@efir/contract';
// Just after an edit that gives an ended day more to air, the channel still airs the day as it
// was (off the air) until the new items join; the live calls say the day goes on meanwhile, not
// that it is over (which would close a visitor's radio player for good).
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
});
