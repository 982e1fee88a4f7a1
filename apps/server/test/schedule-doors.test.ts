// A channel's day is written through two doors: the studio's schedule editor (an editor, over the
// revision they opened) and the operators' call (the token, over whatever is there). The same day
// through either door is checked, stored, audited and announced alike; what differs is said here.
import { adminUrl } from '@efir/contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, video, videoCategory } from '../src/db/schema/index.ts';
import { account, namedCalls, type Signed, signIn, useStudioSite } from './studio/studio-site.ts';

const token = 'schedule-doors-token';
const site = useStudioSite({}, undefined, { admin: { token, onQueued: () => undefined } });
const call = namedCalls(site);
let editor: Signed;
const videos: number[] = [];

beforeAll(async () => {
  editor = await signIn(site(), (await account(site(), 'editor')).id);
  const db = site().database.db;
  const [category] = await db.insert(videoCategory).values({ name: 'Двери' }).returning();
  for (const name of ['Утро', 'Полдень']) {
    const [row] = await db.insert(video).values({ name, categoryId: category!.id, durationSeconds: 60 }).returning();
    videos.push(row!.id);
  }
});

interface Day {
  startsAt?: string;
  finishedText?: string;
  items: { id: number; startsAt?: string | null; isAd?: boolean }[];
  tickers?: { videoId?: number | null; message: string; startsAt: string; duration?: number; speed?: number }[];
}

/** The operators' door: the token's call, as the command line and automation make it. */
async function byToken(channel: 'tv' | 'radio', date: string, day: Day) {
  const response = await site().app.inject({
    method: 'PUT',
    url: adminUrl('scheduleWrite', { params: { channel, date } }),
    headers: { authorization: `Bearer ${token}` },
    payload: day,
  });
  return { status: response.statusCode, body: response.json<{ detail?: string }>() };
}

/** The editor's door: a save over the revision the day had when opened. */
async function byEditor(channel: 'tv' | 'radio', date: string, day: Day) {
  const opened = await call(editor, 'scheduleDay', { params: { channel, date } });
  const saved = await call(editor, 'scheduleSave', {
    params: { channel, date },
    body: { revision: opened.body.day.revision, tickers: [], ...day },
  });
  return { status: saved.status, body: { detail: saved.detail } };
}

const doors = [
  ['the studio', byEditor],
  ['the operators’ call', byToken],
] as const;

async function lastWrite(channel: 'tv' | 'radio') {
  const [entry] = await site()
    .database.db.select()
    .from(auditEntry)
    .where(and(eq(auditEntry.entity, `schedule-${channel}`), eq(auditEntry.action, 'schedule.write')))
    .orderBy(desc(auditEntry.id))
    .limit(1);
  return entry;
}

describe.each(doors)('a day written through %s', (_door, write) => {
  const date = _door === 'the studio' ? '2031-07-01' : '2031-07-02';

  it('refuses a ticker tied to a video that is not in the day, writing nothing', async () => {
    const refused = await write('tv', date, {
      items: [{ id: videos[0]! }],
      tickers: [{ videoId: videos[1]!, message: 'Не та передача', startsAt: '10:00:00' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('Не та передача');
    const opened = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
    expect(opened.body.day.revision).toBe(0);
  });

  it('refuses a day naming a video the catalogue lacks, and tickers on the radio', async () => {
    const unknown = await write('tv', date, { items: [{ id: 2_000_000 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toContain('2000000');
    const radioTicker = await write('radio', date, {
      items: [],
      tickers: [{ message: 'Радио', startsAt: '10:00:00' }],
    });
    expect(radioTicker.status).toBe(400);
  });

  it('stores the day and audits it as stored: before and after, revision and tickers included', async () => {
    const first = await write('tv', date, {
      startsAt: '06:00:00',
      items: [{ id: videos[0]! }, { id: videos[1]!, startsAt: '09:00:00' }],
      tickers: [{ videoId: videos[1]!, message: 'В полдень', startsAt: '09:00:00', duration: 20 }],
    });
    expect(first.status).toBe(200);
    const second = await write('tv', date, {
      startsAt: '07:00:00',
      items: [{ id: videos[1]! }],
      tickers: [{ message: 'Весь день', startsAt: '07:00:00', duration: 30 }],
    });
    expect(second.status).toBe(200);
    const entry = await lastWrite('tv');
    const stored = {
      date,
      revision: 2,
      startsAt: '07:00:00',
      finishedText: '',
      items: [{ id: videos[1]!, startsAt: null, isAd: false, draft: 0 }],
      tickers: [{ videoId: null, message: 'Весь день', startsAt: '07:00:00', duration: 30, speed: 80 }],
    };
    expect(entry?.after).toEqual(stored);
    expect(entry?.before).toMatchObject({ revision: 1, startsAt: '06:00:00' });
    const opened = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
    expect(opened.body.day).toMatchObject({
      revision: 2,
      startsAt: '07:00:00',
      items: [{ id: videos[1]! }],
      tickers: stored.tickers,
    });
  });
});

describe('what differs between the doors, on purpose', () => {
  it('an editor saves over the revision they opened; the token writes over whatever is there', async () => {
    const date = '2031-07-03';
    expect((await byEditor('tv', date, { items: [{ id: videos[0]! }] })).status).toBe(200);
    const stale = await call(editor, 'scheduleSave', {
      params: { channel: 'tv', date },
      body: { revision: 0, items: [{ id: videos[1]! }], tickers: [] },
    });
    expect(stale.status).toBe(409);
    expect((await byToken('tv', date, { items: [{ id: videos[1]! }] })).status).toBe(200);
    const opened = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
    expect(opened.body.day).toMatchObject({ revision: 2, savedBy: 'token', items: [{ id: videos[1]! }] });
  });

  it('the token may leave the tickers out and keeps those the day has; the editor always sends them', async () => {
    const date = '2031-07-04';
    const tickers = [{ message: 'Бегущая', startsAt: '08:00:00', duration: 20 }];
    expect((await byEditor('tv', date, { items: [{ id: videos[0]! }], tickers })).status).toBe(200);
    expect((await byToken('tv', date, { items: [{ id: videos[1]! }] })).status).toBe(200);
    const opened = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
    expect(opened.body.day.tickers).toMatchObject(tickers);
    // Kept as they are, even one tied to a video the new day does not air: the token is not
    // refused for what it did not send, and the editor is told when saving the day.
    const tied = [{ videoId: videos[0]!, message: 'К утру', startsAt: '08:00:00', duration: 20 }];
    expect((await byEditor('tv', date, { items: [{ id: videos[0]! }], tickers: tied })).status).toBe(200);
    expect((await byToken('tv', date, { items: [{ id: videos[1]! }] })).status).toBe(200);
    const kept = await call(editor, 'scheduleDay', { params: { channel: 'tv', date } });
    expect(kept.body.day.tickers).toMatchObject(tied);
    const resaved = await byEditor('tv', date, { items: [{ id: videos[1]! }], tickers: tied });
    expect(resaved.status).toBe(400);
    expect(resaved.body.detail).toContain('К утру');
    expect((await byEditor('tv', date, { items: [{ id: videos[1]! }] })).status).toBe(200);
    expect((await call(editor, 'scheduleDay', { params: { channel: 'tv', date } })).body.day.tickers).toEqual([]);
  });
});
