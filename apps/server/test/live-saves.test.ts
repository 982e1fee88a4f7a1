// Every node's channel says when it airs a save of a day, naming who saved it and the request that
// did: the node that wrote it (told at once) and a node that only reads the day again. The site
// logs it as `schedule taken up` with the request's `reqId`, so an operator follows one request
// from the studio's call to every node's air.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mainChannels } from '@efir/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { video, videoCategory } from '../src/db/schema/index.ts';
import { instantOf } from '../src/lib/clock.ts';
import type { ScheduleTaken } from '../src/live/day-plans.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import { deleteScheduleDay, replaceScheduleDay } from '../src/repositories/live.ts';
import { testDatabase } from './database.ts';
import { writeMediaPlaylist } from './media-fixtures.ts';
import { testTimeZone } from './postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'efir-live-saves-'));
const mediaDir = join(work, 'media');
const day = '2031-10-01';
const at = (time: string): number => instantOf(testTimeZone, day, time);

describe('a save of a day on every node', () => {
  let database: Database;
  let videoId = 0;

  beforeAll(async () => {
    database = await testDatabase('pglite', 'migrated');
    writeMediaPlaylist(mediaDir, 'filler/tv/720', 8, 1);
    writeMediaPlaylist(mediaDir, 'v/m/720', 8);
    const [category] = await database.db.insert(videoCategory).values({ name: 'Проверка' }).returning();
    const [row] = await database.db
      .insert(video)
      .values({
        name: 'Видео',
        categoryId: category!.id,
        durationSeconds: 8,
        mediaReadyAt: new Date(at('00:00:00')),
        masterPlaylist: '/media/v/m/master.m3u8',
      })
      .returning();
    videoId = row!.id;
  });

  afterAll(async () => {
    await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is named with its request by the node that wrote it and by one that reads it again', async () => {
    const db = database.db;
    const taken: Record<'writer' | 'reader', ScheduleTaken[]> = { writer: [], reader: [] };
    const node = (name: keyof typeof taken) =>
      createLiveChannels({
        db,
        mediaDir,
        timeZone: testTimeZone,
        planTtlMs: 0,
        onScheduleTaken: (channel, save) => {
          expect(channel.slug).toBe('tv');
          taken[name].push(save);
        },
      });
    const [writer, reader] = [node('writer'), node('reader')];
    const read = () => Promise.all([writer.tv.onAirAt(at('12:00:05')), reader.tv.onAirAt(at('12:00:05'))]);
    const save = (request: string, items: number) =>
      replaceScheduleDay(
        db,
        mainChannels.tv,
        day,
        {
          startsAt: '12:00:00',
          finishedText: '',
          items: Array.from({ length: items }, () => ({ mediaId: videoId, startsAt: null, isAd: false, draft: 0 })),
        },
        { by: 'redaktor', request },
      );

    // A node's first reading is what it starts from, not a change: nothing is said.
    await read();
    expect(taken).toEqual({ writer: [], reader: [] });

    // A day made where there was none.
    await save('zapros-1', 1);
    writer.tv.scheduleChanged();
    await read();
    const first = { date: day, revision: 1, by: 'redaktor', request: 'zapros-1' };
    expect(taken).toEqual({ writer: [first], reader: [first] });

    // Read again unchanged: said once.
    await read();
    expect(taken.reader).toHaveLength(1);

    await save('zapros-2', 2);
    writer.tv.scheduleChanged();
    await read();
    const second = { date: day, revision: 2, by: 'redaktor', request: 'zapros-2' };
    expect(taken).toEqual({ writer: [first, second], reader: [first, second] });

    // Deleted: revision 0, nobody kept.
    await deleteScheduleDay(db, mainChannels.tv, day);
    writer.tv.scheduleChanged();
    await read();
    const gone = { date: day, revision: 0, by: null, request: null };
    expect(taken.reader).toEqual([first, second, gone]);
    expect(taken.writer).toEqual([first, second, gone]);
  });
});
