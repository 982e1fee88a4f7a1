// The schedule editor's calls: a day opens with the timeline the channel would air, a day being
// edited shows what it would air before it is saved (gaps, cuts, missing media), a save over an
// older revision is refused with nothing written, a day copies to a range, the week shows each
// day's coverage, and for random days the editor's timeline is what the live channel airs.
import { clockTimeIn, dateIn, instantOf, type ScheduleTimeline } from '@efir/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, radio, radioCategory, video, videoCategory } from '../../src/db/schema/index.ts';
import { createLiveChannels } from '../../src/live/live-channels.ts';
import { writeMediaPlaylist } from '../media-fixtures.ts';
import { testTimeZone } from '../postgres.ts';
import { account, namedCalls, type Signed, signIn, useStudioSite } from './studio-site.ts';

const site = useStudioSite();
const call = namedCalls(site);
let editor: Signed;
let other: Signed;
/** Videos of 20, 35 and 50 s with media, and one without (listed as 30 s). */
const videos: number[] = [];
const radios: number[] = [];
const lengths = [20, 35, 50];

const day = '2031-06-02';
const at = (time: string, date = day): number => instantOf(testTimeZone, date, time);

beforeAll(async () => {
  editor = await signIn(site(), (await account(site(), 'editor')).id);
  other = await signIn(site(), (await account(site(), 'editor')).id);
  const db = site().database.db;
  const mediaDir = site().mediaDir;
  writeMediaPlaylist(mediaDir, 'filler/tv/720', 8, 1);
  writeMediaPlaylist(mediaDir, 'filler/radio', 8, 1);
  const [videoCat] = await db.insert(videoCategory).values({ name: 'Сетка' }).returning();
  const [radioCat] = await db.insert(radioCategory).values({ name: 'Сетка' }).returning();
  const ready = new Date(at('00:00:00', '2031-01-01'));
  for (const [i, seconds] of [...lengths, 30].entries()) {
    const hasMedia = i < lengths.length;
    if (hasMedia) {
      writeMediaPlaylist(mediaDir, `v/s${i}/720`, seconds);
      writeMediaPlaylist(mediaDir, `r/s${i}`, seconds);
    }
    const [v] = await db
      .insert(video)
      .values({
        name: `Передача ${i}`,
        categoryId: videoCat!.id,
        durationSeconds: seconds,
        ...(hasMedia ? { masterPlaylist: `/media/v/s${i}/master.m3u8`, mediaReadyAt: ready } : {}),
      })
      .returning();
    const [r] = await db
      .insert(radio)
      .values({
        name: `Выпуск ${i}`,
        author: 'Редакция',
        categoryId: radioCat!.id,
        durationSeconds: seconds,
        ...(hasMedia ? { audioPlaylist: `/media/r/s${i}/index.m3u8`, mediaReadyAt: ready } : {}),
      })
      .returning();
    videos.push(v!.id);
    radios.push(r!.id);
  }
});

const rowsOf = (timeline: ScheduleTimeline) =>
  timeline.rows.map((row) => ({ why: row.why, start: row.start, end: row.end, cut: Math.round(row.cutSeconds) }));

describe('a day in the schedule editor', () => {
  it('opens a day not yet written as revision 0, empty, on the clock of the schedules', async () => {
    const { status, body } = await call(editor, 'scheduleDay', { params: { channel: 'tv', date: '2031-06-01' } });
    expect(status).toBe(200);
    expect(body.day).toMatchObject({ revision: 0, items: [], tickers: [], startsAt: '00:00:00' });
    expect(body.timeline).toMatchObject({ zone: testTimeZone, start: at('00:00:00', '2031-06-01'), rows: [] });
  });

  it('shows before saving what a day airs: the slate before a fixed start, an overrun cut, an item without media', async () => {
    const draft = {
      startsAt: '10:00:00',
      finishedText: 'Эфир окончен',
      items: [
        { id: videos[0]! },
        { id: videos[1]!, startsAt: '10:01:00' },
        { id: videos[2]! },
        { id: videos[0]!, startsAt: '10:02:00' },
        { id: videos[3]! },
      ],
      tickers: [],
    };
    const { status, body } = await call(editor, 'schedulePreview', {
      params: { channel: 'tv', date: day },
      body: draft,
    });
    expect(status).toBe(200);
    expect(rowsOf(body)).toEqual([
      { why: 'airs', start: at('10:00:00'), end: at('10:00:20'), cut: 0 },
      { why: 'airs', start: at('10:01:00'), end: at('10:01:35'), cut: 0 },
      // 50 s from 10:01:35 would end at 10:02:25: the fixed 10:02:00 cuts it at the segment
      // boundary before, 10:01:59 (26 s cut), and the slate fills the second left.
      { why: 'airs', start: at('10:01:35'), end: at('10:01:59'), cut: 26 },
      { why: 'airs', start: at('10:02:00'), end: at('10:02:20'), cut: 0 },
      { why: 'airs', start: at('10:02:20'), end: at('10:02:50'), cut: 0 },
    ]);
    expect(body.rows[1]?.gapBeforeSeconds).toBe(40);
    expect(body.gaps).toEqual([
      { start: at('10:00:20'), end: at('10:01:00') },
      { start: at('10:01:59'), end: at('10:02:00') },
    ]);
    expect(body.rows.map((row) => row.media)).toEqual(['ready', 'ready', 'ready', 'ready', 'missing']);
    expect(body.end).toBe(at('10:02:50'));
    expect(body.airsFrom).toBeNull();
  });

  it('refuses a draft naming what the catalogue lacks, and a ticker for a video not in the day', async () => {
    const params = { channel: 'tv', date: day };
    const unknown = await call(editor, 'schedulePreview', { params, body: { items: [{ id: 2_000_000 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.detail).toContain('2000000');
    const stray = await call(editor, 'scheduleSave', {
      params,
      body: {
        revision: 0,
        items: [{ id: videos[0]! }],
        tickers: [{ videoId: videos[1]!, message: 'Не та передача', startsAt: '10:00:00' }],
      },
    });
    expect(stray.status).toBe(400);
    expect(stray.detail).toContain('Не та передача');
    const radioTicker = await call(editor, 'scheduleSave', {
      params: { channel: 'radio', date: day },
      body: { revision: 0, items: [], tickers: [{ message: 'Радио', startsAt: '10:00:00' }] },
    });
    expect(radioTicker.status).toBe(400);
  });

  it('saves a day as a new revision; a second editor saving over the old one gets a conflict and nothing is written', async () => {
    const params = { channel: 'radio', date: day };
    const first = await call(editor, 'scheduleSave', {
      params,
      body: { revision: 0, startsAt: '09:00:00', items: [{ id: radios[0]! }, { id: radios[1]!, draft: 2 }] },
    });
    expect(first.status).toBe(200);
    expect(first.body.day).toMatchObject({ revision: 1, startsAt: '09:00:00' });
    expect(first.body.day.items.map((item) => item.draft)).toEqual([0, 2]);
    expect(first.body.timeline.rows.map((row) => row.why)).toEqual(['airs', 'draft']);

    // Both open revision 1; the first save wins, the second is refused whole.
    const mine = await call(editor, 'scheduleSave', {
      params,
      body: { revision: 1, startsAt: '09:00:00', items: [{ id: radios[2]! }] },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.day.revision).toBe(2);
    const theirs = await call(other, 'scheduleSave', {
      params,
      body: { revision: 1, startsAt: '11:00:00', items: [{ id: radios[1]! }] },
    });
    expect(theirs.status).toBe(409);
    expect(theirs.detail).toMatch(/уже сохранил/u);
    const now = await call(other, 'scheduleDay', { params });
    expect(now.body.day).toMatchObject({ revision: 2, startsAt: '09:00:00' });
    expect(now.body.day.items.map((item) => item.id)).toEqual([radios[2]]);

    // A new day made by two at once: one of them gets the conflict.
    const fresh = { channel: 'radio', date: '2031-06-03' };
    const both = await Promise.all(
      [editor, other].map((who) => call(who, 'scheduleSave', { params: fresh, body: { revision: 0, items: [] } })),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);

    const audit = await site().database.db.select().from(auditEntry).where(eq(auditEntry.entity, 'schedule-radio'));
    const writes = audit.filter((entry) => entry.action === 'schedule.write');
    expect(writes.length).toBe(3);
    expect(writes[1]).toMatchObject({ before: { revision: 1 }, after: { revision: 2 } });
  });

  it('lists the saves of a day from the audit and opens any of them as it was, leaving out what the catalogue lost', async () => {
    const params = { channel: 'tv', date: '2031-08-05' };
    const first = await call(editor, 'scheduleSave', {
      params,
      body: {
        revision: 0,
        startsAt: '08:00:00',
        finishedText: 'Первая',
        items: [{ id: videos[0]! }, { id: videos[1]! }],
      },
    });
    await call(other, 'scheduleSave', {
      params,
      body: { revision: 1, startsAt: '09:00:00', items: [{ id: videos[2]! }] },
    });
    const versions = await call(editor, 'scheduleVersions', { params });
    expect(versions.status).toBe(200);
    expect(versions.body.map(({ revision, items }) => ({ revision, items }))).toEqual([
      { revision: 2, items: 1 },
      { revision: 1, items: 2 },
    ]);
    const oldest = versions.body[1]!;
    const opened = await call(editor, 'scheduleVersion', { params: { ...params, entry: oldest.entry } });
    expect(opened.status).toBe(200);
    expect(opened.body.gone).toBe(0);
    expect(opened.body.day).toMatchObject({ revision: 1, startsAt: '08:00:00', finishedText: 'Первая' });
    expect(opened.body.day.items.map((item) => [item.id, item.media.name])).toEqual(
      first.body.day.items.map((item) => [item.id, item.media.name]),
    );
    // Another day's entry is not this day's version.
    const elsewhere = await call(editor, 'scheduleVersion', {
      params: { channel: 'tv', date: '2031-08-06', entry: oldest.entry },
    });
    expect(elsewhere.status).toBe(404);
    // A programme gone from the catalogue since: the version opens without it, and says so.
    const db = site().database.db;
    const [kept] = await db.select().from(video).where(eq(video.id, videos[0]!));
    const [doomed] = await db
      .insert(video)
      .values({ name: 'Удалят', categoryId: kept!.categoryId, durationSeconds: 10 })
      .returning();
    const withDoomed = await call(editor, 'scheduleSave', {
      params,
      body: { revision: 2, items: [{ id: doomed!.id }, { id: videos[0]! }] },
    });
    expect(withDoomed.status).toBe(200);
    await call(editor, 'scheduleSave', { params, body: { revision: 3, items: [{ id: videos[0]! }] } });
    await db.delete(video).where(eq(video.id, doomed!.id));
    const third = (await call(editor, 'scheduleVersions', { params })).body.find((entry) => entry.revision === 3)!;
    const reopened = await call(editor, 'scheduleVersion', { params: { ...params, entry: third.entry } });
    expect(reopened.body.gone).toBe(1);
    expect(reopened.body.day.items.map((item) => item.id)).toEqual([videos[0]]);
    // The audit names the programmes of each save; the one the catalogue lost has no title.
    const admin = await signIn(site(), (await account(site(), 'admin')).id);
    const audit = await call(admin, 'audit', { query: { entity: 'schedule-tv', action: 'schedule.write' } });
    const last = audit.body.results.find((entry) => {
      const after = entry.after as { date: string; revision: number };
      return after.date === params.date && after.revision === 4;
    });
    expect(last?.names).toEqual({ [String(videos[0])]: 'Передача 0' });
    expect((last?.before as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([doomed!.id, videos[0]]);
  });

  it('keeps tickers with the TV day, for the whole day or one item', async () => {
    const params = { channel: 'tv', date: '2031-06-04' };
    const tickers = [
      { videoId: null, message: 'Весь день', startsAt: '08:00:00', duration: 30, speed: 90 },
      { videoId: videos[1]!, message: 'Во время передачи', startsAt: '08:00:20', duration: 10, speed: 80 },
    ];
    const saved = await call(editor, 'scheduleSave', {
      params,
      body: { revision: 0, startsAt: '08:00:00', items: [{ id: videos[0]! }, { id: videos[1]! }], tickers },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.day.tickers).toEqual(tickers);
  });

  it('copies a day to a range or its weekdays, keeping the days that have a schedule unless told to replace them', async () => {
    const params = { channel: 'tv', date: '2031-06-04' };
    const fifth = { channel: 'tv', date: '2031-06-05' };
    expect((await call(editor, 'scheduleSave', { params: fifth, body: { revision: 0, items: [] } })).status).toBe(200);
    const copied = await call(editor, 'scheduleCopy', { params, body: { from: '2031-06-02', to: '2031-06-06' } });
    expect(copied.status).toBe(200);
    expect(copied.body).toEqual({ written: ['2031-06-02', '2031-06-03', '2031-06-06'], kept: ['2031-06-05'] });
    const sixth = await call(editor, 'scheduleDay', { params: { channel: 'tv', date: '2031-06-06' } });
    expect(sixth.body.day.items.map((item) => item.id)).toEqual([videos[0], videos[1]]);
    expect(sixth.body.day.tickers).toHaveLength(2);
    expect((await call(editor, 'scheduleDay', { params: fifth })).body.day.items).toEqual([]);
    const replaced = await call(editor, 'scheduleCopy', {
      params,
      body: { from: '2031-06-05', to: '2031-06-05', replace: true },
    });
    expect(replaced.body).toEqual({ written: ['2031-06-05'], kept: [] });
    const tooMany = await call(editor, 'scheduleCopy', { params, body: { from: '2031-06-05', to: '2031-09-30' } });
    expect(tooMany.status).toBe(400);
    // Repeated by weekday: the Wednesdays of the rest of the month, and no other day.
    const wednesdays = await call(editor, 'scheduleCopy', {
      params,
      body: { from: '2031-06-07', to: '2031-06-30', weekdays: [3] },
    });
    expect(wednesdays.body).toEqual({ written: ['2031-06-11', '2031-06-18', '2031-06-25'], kept: [] });
    const thursday = await call(editor, 'scheduleDay', { params: { channel: 'tv', date: '2031-06-12' } });
    expect(thursday.body.day.revision).toBe(0);
    const noWeekday = await call(editor, 'scheduleCopy', {
      params,
      body: { from: '2031-06-07', to: '2031-06-30', weekdays: [] },
    });
    expect(noWeekday.status).toBe(400);
    const nothing = await call(editor, 'scheduleCopy', {
      params: { channel: 'tv', date: '2031-07-01' },
      body: { from: '2031-07-02', to: '2031-07-03' },
    });
    expect(nothing.status).toBe(404);
  });

  it('shows the week: each day its coverage, slate and items without media', async () => {
    const { status, body } = await call(editor, 'scheduleWeek', { params: { channel: 'tv', date: '2031-06-01' } });
    expect(status).toBe(200);
    expect(body.zone).toBe(testTimeZone);
    expect(body.days.map((entry) => entry.date)).toEqual([
      '2031-06-01',
      '2031-06-02',
      '2031-06-03',
      '2031-06-04',
      '2031-06-05',
      '2031-06-06',
      '2031-06-07',
    ]);
    expect(body.days[0]).toMatchObject({ revision: 0, items: 0, start: null, spans: [] });
    const fourth = body.days[3]!;
    expect(fourth).toMatchObject({ items: 2, start: at('08:00:00', '2031-06-04'), airedSeconds: 55, gapSeconds: 0 });
    expect(fourth.spans).toEqual([
      { start: at('08:00:00', '2031-06-04'), end: at('08:00:55', '2031-06-04'), kind: 'item' },
    ]);
    expect(fourth.programmes).toEqual([
      { place: 0, name: 'Передача 0', start: at('08:00:00', '2031-06-04'), end: at('08:00:20', '2031-06-04') },
      { place: 1, name: 'Передача 1', start: at('08:00:20', '2031-06-04'), end: at('08:00:55', '2031-06-04') },
    ]);
  });

  it('moves an item to another day or within one, over the revisions seen; a stale one moves nothing', async () => {
    const [a, b, c] = videos as [number, number, number];
    const save = (date: string, items: number[], revision = 0) =>
      call(editor, 'scheduleSave', {
        params: { channel: 'tv', date },
        body: { revision, startsAt: '07:00:00', items: items.map((id) => ({ id, startsAt: '07:00:00' })) },
      });
    await save('2031-09-01', [a, b]);
    await save('2031-09-02', [c]);
    const ids = async (date: string) => {
      const { body } = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
      return {
        ids: body.day.items.map((item) => item.id),
        fixed: body.day.items.map((item) => item.startsAt),
        revision: body.day.revision,
      };
    };
    const moved = await call(editor, 'scheduleMove', {
      params: { channel: 'tv' },
      body: { from: { date: '2031-09-01', place: 1, revision: 1 }, to: { date: '2031-09-02', place: 0, revision: 1 } },
    });
    expect(moved.status).toBe(200);
    expect(await ids('2031-09-01')).toEqual({ ids: [a], fixed: ['07:00:00'], revision: 2 });
    // Placed by order: the moved item leaves its fixed start behind.
    expect(await ids('2031-09-02')).toEqual({ ids: [b, c], fixed: [null, '07:00:00'], revision: 2 });
    // Within a day, to after the last item.
    const within = await call(editor, 'scheduleMove', {
      params: { channel: 'tv' },
      body: { from: { date: '2031-09-02', place: 0, revision: 2 }, to: { date: '2031-09-02', place: 2, revision: 2 } },
    });
    expect(within.status).toBe(200);
    expect((await ids('2031-09-02')).ids).toEqual([c, b]);
    // Into a day not yet in the schedule, which begins as the day it came from.
    const fresh = await call(editor, 'scheduleMove', {
      params: { channel: 'tv' },
      body: { from: { date: '2031-09-02', place: 1, revision: 3 }, to: { date: '2031-09-03', place: 0, revision: 0 } },
    });
    expect(fresh.status).toBe(200);
    expect(await ids('2031-09-03')).toEqual({ ids: [b], fixed: [null], revision: 1 });
    // A target saved meanwhile: refused, and the source keeps its item.
    const stale = await call(editor, 'scheduleMove', {
      params: { channel: 'tv' },
      body: { from: { date: '2031-09-01', place: 0, revision: 2 }, to: { date: '2031-09-03', place: 0, revision: 0 } },
    });
    expect(stale.status).toBe(409);
    expect(await ids('2031-09-01')).toEqual({ ids: [a], fixed: ['07:00:00'], revision: 2 });
    const nowhere = await call(editor, 'scheduleMove', {
      params: { channel: 'tv' },
      body: { from: { date: '2031-09-01', place: 5, revision: 2 }, to: { date: '2031-09-03', place: 0, revision: 1 } },
    });
    expect(nowhere.status).toBe(400);
    // Each day moved from or to is audited as a save of its own.
    const versions = await call(editor, 'scheduleVersions', { params: { channel: 'tv', date: '2031-09-02' } });
    expect(versions.body.map((version) => version.revision)).toEqual([4, 3, 2, 1]);
  });
});

describe('the on-air desk', () => {
  it('tells what airs now on each channel, until when, and what comes next', async () => {
    // Today's TV day began 5 s ago (the test waits out the first seconds after midnight).
    let now = new Date();
    while (clockTimeIn(testTimeZone, now) < '00:00:10') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      now = new Date();
    }
    const date = dateIn(testTimeZone, now);
    const start = clockTimeIn(testTimeZone, new Date(now.getTime() - 5000));
    const opened = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
    const saved = await call(editor, 'scheduleSave', {
      params: { channel: 'tv', date },
      body: { revision: opened.body.day.revision, startsAt: start, items: [{ id: videos[2]! }, { id: videos[0]! }] },
    });
    expect(saved.status).toBe(200);
    const moderator = await signIn(site(), (await account(site(), 'moderator')).id);
    const { status, body } = await call(moderator, 'onAir');
    expect(status).toBe(200);
    const tv = body.channels.find((entry) => entry.channel === 'tv')!;
    const begun = instantOf(testTimeZone, date, start);
    expect(tv).toMatchObject({
      playlist: '/tv/stream.m3u8',
      date,
      now: { name: 'Передача 2', mediaId: videos[2], start: begun, end: begun + 50_000 },
      next: [{ name: 'Передача 0', mediaId: videos[0], start: begun + 50_000 }],
    });
    expect(body.zone).toBe(testTimeZone);
    // Asked at a player's picture, a moment of the day: what airs then.
    const later = await call(moderator, 'onAir', { query: { at: begun + 51_000 } });
    expect(later.body.channels.find((entry) => entry.channel === 'tv')?.now).toMatchObject({
      name: 'Передача 0',
      start: begun + 50_000,
    });
    const far = await call(moderator, 'onAir', { query: { at: now.getTime() - 2 * 3600 * 1000 } });
    expect(far.status).toBe(400);
  });
});

describe("the editor's timeline and the live channel's", () => {
  const itemArbitrary = fc.record({
    media: fc.nat(3),
    fixed: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    isAd: fc.boolean(),
    draft: fc.constantFrom(0, 0, 0, 2),
  });
  const dayArbitrary = fc.record({
    channel: fc.constantFrom('tv' as const, 'radio' as const),
    start: fc.integer({ min: 0, max: 3600 }),
    items: fc.array(itemArbitrary, { minLength: 1, maxLength: 12 }),
    probes: fc.array(fc.integer({ min: -30, max: 700 }), { minLength: 5, maxLength: 20 }),
  });
  const clock = (seconds: number): string =>
    [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60]
      .map((part) => String(part).padStart(2, '0'))
      .join(':');

  it('agree for random days: every item at the same instants, the same thing on the air at any instant', async () => {
    let date = '2031-08-01';
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(dayArbitrary, async ({ channel, start, items, probes }) => {
        runs += 1;
        date = `2031-08-${String((runs % 28) + 1).padStart(2, '0')}`;
        const ids = channel === 'tv' ? videos : radios;
        const params = { channel, date };
        const body = {
          startsAt: clock(start),
          items: items.map((item) => ({
            id: ids[item.media]!,
            startsAt: item.fixed === null ? null : clock(start + item.fixed),
            isAd: item.isAd,
            draft: channel === 'radio' ? item.draft : 0,
          })),
        };
        const preview = await call(editor, 'schedulePreview', { params, body });
        expect(preview.status).toBe(200);
        const opened = await call(editor, 'scheduleDay', { params });
        const saved = await call(editor, 'scheduleSave', {
          params,
          body: { ...body, revision: opened.body.day.revision },
        });
        expect(saved.status).toBe(200);
        expect(saved.body.timeline).toEqual(preview.body);

        // A node of its own reads the saved day as the channel does.
        const live = createLiveChannels({
          db: site().database.db,
          mediaDir: site().mediaDir,
          timeZone: testTimeZone,
        })[channel];
        const plan = await live.plan(date);
        const aired = plan!.timeline.aired.map((entry) => ({
          index: entry.itemIndex,
          start: entry.start,
          end: Math.min(entry.end, plan!.end),
        }));
        const shown = preview.body.rows
          .filter((row) => row.airs)
          .map((row) => ({ index: row.index, start: row.start, end: row.end }));
        expect(shown).toEqual(aired);
        for (const probe of probes) {
          const t = at(clock(start), date) + probe * 1000;
          const onAir = await live.onAirAt(t);
          const row = preview.body.rows.find((entry) => entry.airs && entry.start! <= t && t < entry.end!);
          expect(onAir?.onAir.itemIndex ?? null, `at +${String(probe)} s`).toBe(
            t < preview.body.start || t >= preview.body.end ? null : (row?.index ?? null),
          );
        }
      }),
      { numRuns: 40 },
    );
  });
});
