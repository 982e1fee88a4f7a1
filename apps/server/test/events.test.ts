// The page's event stream over real HTTP: its first events are what the polling calls answer; a
// post, a moderator's hide and a vote arrive as events; a page that reconnects with its last
// event's id gets what it missed and nothing twice; the node's closing ends the stream. With
// Redis, a post on one node reaches a stream on another, whose cursor the other node resumes.
import { apiPrefix, apiUrl, calls, liveEventSchemas, type Teleprogram } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBus } from '../src/bus/bus.ts';
import { buildTestSite } from './app.ts';
import { TestBrowser } from './contract/helpers.ts';
import { testDatabase } from './database.ts';
import { named, type OpenStream, openStream } from './event-stream.ts';
import { account, namedCalls, type Signed, signIn, useStudioSite } from './studio/studio-site.ts';

const site = useStudioSite();
const call = namedCalls(site);
let base = '';
let day: Teleprogram;
let moderator: Signed;
const streams: OpenStream[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${String(address.port)}`;
}

async function stream(topics: string, lastEventId?: string, at = base): Promise<OpenStream> {
  const opened = await openStream(at, topics, lastEventId);
  streams.push(opened);
  return opened;
}

let addresses = 0;
async function post(message: string, app: FastifyInstance = site().app) {
  addresses += 1;
  const who = new TestBrowser(app, `203.0.113.${String(addresses)}`);
  const answer = await who.request({
    method: 'POST',
    url: apiUrl('chatPost', { params: { room: 'teleprogram', id: day.id } }).slice(apiPrefix.length),
    payload: { name: 'Зритель', message },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return calls.chatPost.response.parse(answer.json);
}

const answerOf = async (url: string): Promise<unknown> => (await site().app.inject({ url })).json();

beforeAll(async () => {
  base = await listen(site().app);
  moderator = await signIn(site(), (await account(site(), 'moderator')).id);
  const run = calls.teleprogramRunStatus.response.parse(await answerOf(apiUrl('teleprogramRunStatus')));
  if (run === 'none') throw new Error('the seeded site has no TV day on air');
  day = run;
});

afterAll(() => {
  for (const opened of streams) opened.close();
});

describe('the event stream', () => {
  it('opens with what the polling calls answer, each event as the contract says', async () => {
    const opened = await stream('tv,chat-tv,polls');
    await expect.poll(() => opened.events.length).toBe(5);
    expect(opened.events.map((event) => event.name)).toEqual([
      'teleprogram',
      'tickers',
      'teleprogram-revision',
      'chat',
      'polls',
    ]);
    for (const event of opened.events) {
      liveEventSchemas[event.name as keyof typeof liveEventSchemas].parse(event.data);
      expect(event.id).toMatch(
        /^teleprogram=[\w-]+,tickers=[\w-]+,teleprogram-revision=[\w-]+,chat-tv=\d+\/\d+\/\d+,polls=[\w-]+$/u,
      );
    }
    expect(named(opened, 'teleprogram')[0]).toEqual(await answerOf(apiUrl('teleprogramRunStatus')));
    expect(named(opened, 'tickers')[0]).toEqual({
      teleprogram_id: day.id,
      tickers: await answerOf(apiUrl('tickers', { params: { id: day.id } })),
    });
    expect(named(opened, 'polls')[0]).toEqual(await answerOf(apiUrl('polls')));
    expect(named(opened, 'teleprogram-revision')[0]).toEqual({ teleprogram_id: day.id, revision: 1 });
    expect(named(opened, 'chat')[0]).toEqual({
      room: 'teleprogram',
      id: day.id,
      replace: true,
      messages: await answerOf(apiUrl('chatMessages', { params: { room: 'teleprogram', id: day.id } })),
      removed: [],
    });
  });

  it('tells within a second that the day on air was saved again, so a page asks for its lists', async () => {
    const opened = await stream('tv');
    await expect.poll(() => named(opened, 'teleprogram-revision').length).toBe(1);
    const editor = await signIn(site(), (await account(site(), 'editor')).id);
    const params = { channel: 'tv', date: day.date_to_start };
    const stored = (await call(editor, 'scheduleDay', { params })).body.day;
    const saved = await call(editor, 'scheduleSave', {
      params,
      body: {
        revision: stored.revision,
        startsAt: stored.startsAt,
        finishedText: `${stored.finishedText} `,
        items: stored.items.map(({ id, startsAt, isAd, draft }) => ({ id, startsAt, isAd, draft })),
        tickers: stored.tickers,
      },
    });
    expect(saved.status, saved.detail).toBe(200);
    const sent = Date.now();
    await expect.poll(() => named(opened, 'teleprogram-revision').length, { timeout: 1000, interval: 20 }).toBe(2);
    expect(opened.events.at(-1)!.at - sent).toBeLessThan(1000);
    expect(named(opened, 'teleprogram-revision')[1]).toEqual({
      teleprogram_id: day.id,
      revision: stored.revision + 1,
    });
  });

  it('writes its texts in the Latin script when the page reads in it', async () => {
    const opened = await stream('polls&locale=ru-latn');
    await expect.poll(() => opened.events.length).toBe(1);
    const latin = await site().app.inject({ url: apiUrl('polls'), headers: { 'accept-language': 'ru-latn' } });
    expect(named(opened, 'polls')[0]).toEqual(latin.json());
    expect(JSON.stringify(latin.json())).not.toMatch(/[а-яё]/iu);
  });

  it('refuses topics it does not have, and one asked twice', async () => {
    for (const topics of ['tv,weather', 'tv,tv', '']) {
      const answer = await fetch(`${base}${apiPrefix}/events/?topics=${topics}`);
      expect(answer.status, topics).toBe(400);
    }
  });

  it('brings a post within a second, and a hidden message as removed', async () => {
    const opened = await stream('chat-tv');
    await expect.poll(() => named(opened, 'chat').length).toBe(1);
    const sent = Date.now();
    const message = await post('Через поток');
    await expect.poll(() => named(opened, 'chat').length, { timeout: 1000, interval: 20 }).toBe(2);
    expect(opened.events.at(-1)!.at - sent).toBeLessThan(1000);
    expect(named(opened, 'chat')[1]).toEqual({
      room: 'teleprogram',
      id: day.id,
      replace: false,
      messages: [{ id: message.id, name: 'Зритель', message: 'Через поток', date_added: message.date_added }],
      removed: [],
    });
    const hidden = await call(moderator, 'chatMessageHide', { params: { id: message.id } });
    expect(hidden.status).toBe(200);
    await expect.poll(() => named(opened, 'chat').length, { timeout: 2000, interval: 20 }).toBe(3);
    expect(named(opened, 'chat')[2]).toMatchObject({ replace: false, messages: [], removed: [message.id] });
  });

  it('a page that reconnects gets what it missed, and nothing twice', async () => {
    const first = await stream('tv,chat-tv');
    await expect.poll(() => named(first, 'chat').length).toBe(1);
    const cursor = first.lastId();
    first.close();
    const missed = [await post('Пока вас не было, 1'), await post('Пока вас не было, 2')];
    const again = await stream('tv,chat-tv', cursor);
    await expect.poll(() => again.events.length).toBe(1);
    expect(again.events[0]).toMatchObject({ name: 'chat', data: { replace: false, removed: [] } });
    expect(named<{ messages: { id: number }[] }>(again, 'chat')[0]!.messages.map((m) => m.id)).toEqual(
      missed.map((m) => m.id),
    );
    // Back at once with the newest cursor: nothing is sent again; what comes first is the next post.
    const third = await stream('tv,chat-tv', again.lastId());
    const next = await post('Вы снова здесь');
    await expect.poll(() => third.events.length).toBeGreaterThan(0);
    expect(third.events[0]).toMatchObject({ name: 'chat', data: { replace: false, removed: [] } });
    expect(named<{ messages: { id: number }[] }>(third, 'chat')[0]!.messages.map((m) => m.id)).toEqual([next.id]);
    // A cursor that makes no sense is a fresh start.
    const garbled = await stream('tv,chat-tv', 'chat-tv=x/y/z,teleprogram');
    await expect
      .poll(() => garbled.events.map((event) => event.name))
      .toEqual(['teleprogram', 'tickers', 'teleprogram-revision', 'chat']);
  });

  it('brings a vote to the polls within two seconds', async () => {
    const opened = await stream('polls');
    await expect.poll(() => named(opened, 'polls').length).toBe(1);
    const [poll] = named<{ id: number; otvet_1: number }[]>(opened, 'polls')[0]!;
    const who = new TestBrowser(site().app, '203.0.113.250');
    const vote = await who.request({
      method: 'PUT',
      url: apiUrl('pollVote', { params: { id: poll!.id } }).slice(apiPrefix.length),
      payload: { otvet_1: true },
    });
    expect(vote.status).toBe(200);
    await expect.poll(() => named(opened, 'polls').length, { timeout: 2000, interval: 50 }).toBe(2);
    expect(named<{ otvet_1: number }[]>(opened, 'polls')[1]![0]!.otvet_1).toBe(poll!.otvet_1 + 1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl !== undefined && redisUrl !== '')('two nodes over Redis', () => {
  it('a post on node A reaches a stream on node B within a second; B resumes a cursor A gave', async () => {
    const database = await testDatabase('pglite', 'seeded');
    const [busA, busB] = await Promise.all([redisBus(redisUrl!), redisBus(redisUrl!)]);
    const [nodeA, nodeB] = await Promise.all([buildTestSite(database.db, busA), buildTestSite(database.db, busB)]);
    try {
      const [atA, atB] = await Promise.all([listen(nodeA), listen(nodeB)]);
      const onA = await stream('tv,chat-tv', undefined, atA);
      const onB = await stream('tv,chat-tv', undefined, atB);
      await expect.poll(() => [onA.events.length, onB.events.length]).toEqual([4, 4]);
      // The same state has the same cursor on both nodes.
      expect(onB.lastId()).toBe(onA.lastId());
      const cursor = onA.lastId();
      onA.close();
      const sent = Date.now();
      const message = await post('С узла А', nodeA);
      await expect.poll(() => named(onB, 'chat').length, { timeout: 1000, interval: 20 }).toBe(2);
      expect(onB.events.at(-1)!.at - sent).toBeLessThan(1000);
      // Node A's page, cut off, reconnects to node B: the post it missed, once.
      const moved = await stream('tv,chat-tv', cursor, atB);
      await expect.poll(() => moved.events.length).toBe(1);
      expect(named<{ messages: { id: number }[] }>(moved, 'chat')[0]!.messages.map((m) => m.id)).toEqual([message.id]);
    } finally {
      await Promise.all([nodeA.close(), nodeB.close()]);
      await Promise.all([busA.close(), busB.close()]);
      await database.close();
    }
  });

  it('the node closing ends its streams', async () => {
    const database = await testDatabase('pglite', 'seeded');
    const node = await buildTestSite(database.db, await redisBus(redisUrl!));
    const at = await listen(node);
    const opened = await stream('tv', undefined, at);
    await expect.poll(() => opened.events.length).toBe(3);
    await node.close();
    await opened.ended;
    await database.close();
  });
});
