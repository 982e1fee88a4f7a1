// Chat moderation as visitors meet it: a hidden message leaves the public list and changes the
// public poll's answer; a banned visitor is refused, by cookie or by address (a new cookie from a
// banned address does not help); bans run out and can be lifted; a room's slow mode refuses the
// second post; the word list holds a post for review or refuses it; clearing a room hides its
// day. Every action is in the audit log. And what an attacker tries: no session lifts a ban, a
// forged cookie does not slip past an address ban, a ban cannot be aimed at an address by hand.
import { apiPrefix, apiUrl, type AuditEntry, calls, chatWordRefusal, errorSchema, studioCalls } from '@efir/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChatFreshness } from '../../src/chat/freshness.ts';
import { inProcessBus } from '../../src/bus/bus.ts';
import { chatBan, chatMessage } from '../../src/db/schema/index.ts';
import { TestClock } from '../clock.ts';
import { TestBrowser } from '../contract/helpers.ts';
import { account, namedCalls, type Signed, signIn, studioCall, useStudioSite } from './studio-site.ts';

/** The site's clock: a test moves it past a visitor's pace instead of waiting. */
const clock = new TestClock();
const site = useStudioSite({}, clock.now);
const call = namedCalls(site);
let moderator: Signed;
let admin: Signed;

beforeAll(async () => {
  moderator = await signIn(site(), (await account(site(), 'moderator')).id);
  admin = await signIn(site(), (await account(site(), 'admin')).id);
});

/** Each visitor a browser of its own, at an address of its own unless one is given. */
let addresses = 0;
function visitor(address?: string): TestBrowser {
  addresses += 1;
  return new TestBrowser(site().app, address ?? `198.51.100.${String(addresses)}`);
}

const chatUrl = (room: 'teleprogram' | 'radio', id: number) => apiUrl('chatMessages', { params: { room, id } });
const relative = (url: string) => url.slice(apiPrefix.length);

async function post(who: TestBrowser, message: string, room: 'teleprogram' | 'radio' = 'teleprogram', id = 4) {
  return who.request({ method: 'POST', url: relative(chatUrl(room, id)), payload: { name: 'Зритель', message } });
}

async function posted(who: TestBrowser, message: string, room: 'teleprogram' | 'radio' = 'teleprogram', id = 4) {
  const answer = await post(who, message, room, id);
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return calls.chatPost.response.parse(answer.json);
}

async function publicIds(room: 'teleprogram' | 'radio' = 'teleprogram', id = 4): Promise<number[]> {
  const answer = await site().app.inject({ url: chatUrl(room, id) });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ id: number }[]>().map((message) => message.id);
}

async function newestAudit(action: string): Promise<AuditEntry | undefined> {
  const page = await call(admin, 'audit', { query: { action } });
  expect(page.status).toBe(200);
  return page.body.results[0];
}

async function ban(messageId: number, byAddress: boolean, duration: '1h' | 'forever' = '1h') {
  const answer = await call(moderator, 'chatBanAdd', { body: { messageId, duration, byAddress, reason: 'флуд' } });
  expect(answer.status, answer.detail).toBe(200);
  return answer.body;
}

describe('hiding', () => {
  it('takes a message out of the public list at once, and the poll that had it answers anew', async () => {
    const message = await posted(visitor(), 'Сообщение, которое скроют');
    const first = await site().app.inject({ url: chatUrl('teleprogram', 4) });
    const etag = String(first.headers.etag);
    expect(first.json<{ id: number }[]>().map((entry) => entry.id)).toContain(message.id);
    const unchanged = await site().app.inject({ url: chatUrl('teleprogram', 4), headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);

    const hidden = await call(moderator, 'chatMessageHide', { params: { id: message.id } });
    expect(hidden.body).toMatchObject({ id: message.id, hidden: true });
    const again = await site().app.inject({ url: chatUrl('teleprogram', 4), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: number }[]>().map((entry) => entry.id)).not.toContain(message.id);
    expect(await newestAudit('chat.hide')).toMatchObject({
      entityId: message.id,
      before: { hidden: false },
      after: { hidden: true },
    });

    await call(moderator, 'chatMessageShow', { params: { id: message.id } });
    expect(await publicIds()).toContain(message.id);
    expect(await newestAudit('chat.show')).toMatchObject({ entityId: message.id, after: { hidden: false } });
  });

  it('reaches another node through the bus: its tag for the room changes too', async () => {
    const bus = inProcessBus();
    const nodeA = new ChatFreshness(site().database.db, bus, 60_000);
    const nodeB = new ChatFreshness(site().database.db, bus, 60_000);
    await Promise.all([nodeA.start(), nodeB.start()]);
    const message = await posted(visitor(), 'Для двух узлов', 'radio', 4);
    const before = await nodeB.tag('radio', 4);
    await call(moderator, 'chatMessageHide', { params: { id: message.id } });
    await nodeA.moderated('radio');
    expect(await nodeB.tag('radio', 4)).not.toBe(before);
    await bus.close();
  });
});

describe('bans', () => {
  it('by visitor: that visitor is refused with a clear 403, everywhere; a new cookie is a new visitor', async () => {
    const troll = visitor();
    const message = await posted(troll, 'Оскорбление');
    const made = await ban(message.id, false);
    expect(made).toMatchObject({ addressTag: null, reason: 'флуд', message: { id: message.id } });
    expect(made.until).not.toBeNull();
    const refused = await post(troll, 'Снова я');
    expect(refused.status).toBe(403);
    expect(errorSchema.parse(refused.json).detail).toMatch(
      /^A moderator has banned you from posting in the chats until /u,
    );
    // The end of the ban as data too, for the page to say in the visitor's words and clock.
    expect(errorSchema.parse(refused.json).until).toBe(made.until);
    expect((await post(troll, 'И в радио', 'radio', 4)).status).toBe(403);
    const audit = await newestAudit('chat-ban.add');
    expect(audit).toMatchObject({ entity: 'chat-ban', entityId: made.id, before: null, after: { id: made.id } });
    // Only an address ban holds a visitor who drops the cookie (docs/STUDIO.md says so).
    troll.forget();
    expect((await post(troll, 'Я новенький')).status).toBe(201);
  });

  it('by address: a fresh cookie from the same address is refused too; another address is not', async () => {
    const address = '203.0.113.200';
    const troll = visitor(address);
    const message = await posted(troll, 'Спам');
    const made = await ban(message.id, true, 'forever');
    expect(made.addressTag).toMatch(/^[0-9a-f]{6}$/u);
    expect(made.until).toBeNull();
    expect((await post(troll, 'Ещё спам')).status).toBe(403);
    troll.forget();
    const fresh = await post(troll, 'Я другой, честно');
    expect(fresh.status).toBe(403);
    expect(errorSchema.parse(fresh.json)).toEqual({ detail: 'A moderator has banned you from posting in the chats.' });
    // A forged cookie is no cookie: a new visitor, from the banned address all the same.
    const forger = visitor(address);
    const forged = await forger.request({
      method: 'POST',
      url: relative(chatUrl('teleprogram', 4)),
      headers: { cookie: 'efir_visitor=AAAAAAAAAAAAAAAAAAAAAA.1.forged' },
      payload: { name: 'Хитрец', message: 'обхожу бан' },
    });
    expect(forged.status).toBe(403);
    expect((await post(visitor('203.0.113.201'), 'Я с другого адреса')).status).toBe(201);
  });

  it('runs out by itself, and a moderator can lift one early (audited); a lifted ban cannot be lifted again', async () => {
    const expiring = visitor();
    const first = await ban((await posted(expiring, 'Раз')).id, false);
    expect((await post(expiring, 'Два')).status).toBe(403);
    await site()
      .database.db.update(chatBan)
      .set({ until: new Date(clock.now().getTime() - 1000) })
      .where(eq(chatBan.id, first.id));
    clock.advance(1100);
    expect((await post(expiring, 'Три')).status).toBe(201);
    expect((await call(moderator, 'chatBans')).body.map((entry) => entry.id)).not.toContain(first.id);

    const pardoned = visitor();
    const second = await ban((await posted(pardoned, 'Раз')).id, true);
    expect((await call(moderator, 'chatBans')).body.map((entry) => entry.id)).toContain(second.id);
    const lifted = await call(moderator, 'chatBanLift', { params: { id: second.id } });
    expect(lifted.status).toBe(200);
    expect(lifted.body.liftedAt).not.toBeNull();
    expect(lifted.body.liftedBy).toMatch(/^moderator-/u);
    expect(await newestAudit('chat-ban.lift')).toMatchObject({
      entityId: second.id,
      before: { liftedAt: null },
      after: { id: second.id },
    });
    clock.advance(1100);
    expect((await post(pardoned, 'Спасибо')).status).toBe(201);
    expect((await call(moderator, 'chatBanLift', { params: { id: second.id } })).status).toBe(409);
    expect((await call(moderator, 'chatBanLift', { params: { id: 2_000_000_000 } })).status).toBe(404);
  });

  it('shows moderators short tags, the same for one visitor, never an address', async () => {
    const address = '203.0.113.77';
    const regular = visitor(address);
    const one = await posted(regular, 'Первое');
    clock.advance(1100);
    const two = await posted(regular, 'Второе');
    const other = await posted(visitor(address), 'Сосед по адресу');
    const list = await call(moderator, 'chatMessages', {
      params: { room: 'teleprogram' },
      query: { after: one.id - 1 },
    });
    const byId = new Map(list.body.map((message) => [message.id, message]));
    expect(byId.get(one.id)?.visitorTag).toMatch(/^[0-9a-f]{6}$/u);
    expect(byId.get(two.id)?.visitorTag).toBe(byId.get(one.id)?.visitorTag);
    expect(byId.get(other.id)?.visitorTag).not.toBe(byId.get(one.id)?.visitorTag);
    expect(byId.get(other.id)?.addressTag).toBe(byId.get(one.id)?.addressTag);
    expect(JSON.stringify(list.body)).not.toContain(address);
  });
});

describe('slow mode', () => {
  it('refuses a second post within the room’s interval with 429 and Retry-After; off lets it through', async () => {
    const set = await call(moderator, 'chatSlowMode', { params: { room: 'radio' }, body: { seconds: 30 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ room: 'radio', slowModeSeconds: 30 });
    expect(await newestAudit('chat.slow-mode')).toMatchObject({
      before: { room: 'radio', slowModeSeconds: 0 },
      after: { room: 'radio', slowModeSeconds: 30 },
    });
    const typist = visitor();
    await posted(typist, 'Первое', 'radio', 3);
    clock.advance(1100);
    const second = await post(typist, 'Второе', 'radio', 3);
    expect(second.status).toBe(429);
    expect(Number(second.response.headers['retry-after'])).toBeGreaterThanOrEqual(27);
    expect(Number(second.response.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(errorSchema.parse(second.json).detail).toBe('This chat is in slow mode: one message every 30 seconds.');
    // Per room: the other room keeps its own pace.
    expect((await post(typist, 'В телеканал', 'teleprogram', 3)).status).toBe(201);

    await call(moderator, 'chatSlowMode', { params: { room: 'radio' }, body: { seconds: 0 } });
    clock.advance(1100);
    expect((await post(typist, 'Третье', 'radio', 3)).status).toBe(201);
  });

  it.each([{ seconds: -1 }, { seconds: 3601 }, { seconds: 1.5 }, { seconds: '10' }, {}])('refuses %j', async (body) => {
    expect((await call(moderator, 'chatSlowMode', { params: { room: 'radio' }, body })).status).toBe(400);
  });
});

describe('the word list', () => {
  it('holds a matching post for review: not public until approved; the poster is told it is held', async () => {
    const added = await call(moderator, 'chatWordAdd', { body: { word: 'Реклама', mode: 'hold' } });
    expect(added.status).toBe(200);
    expect(await newestAudit('chat-word.add')).toMatchObject({ entityId: added.body.id, after: { word: 'Реклама' } });
    // The same word in another script or spelling is the same entry.
    expect((await call(moderator, 'chatWordAdd', { body: { word: 'REKLAMA', mode: 'refuse' } })).status).toBe(409);

    const poster = visitor();
    const held = await posted(poster, 'Лучшая reklama у нас!');
    expect(held.held).toBe(true);
    expect(await publicIds()).not.toContain(held.id);
    expect((await call(moderator, 'chatHeld')).body.map((message) => message.id)).toContain(held.id);

    const approved = await call(moderator, 'chatMessageApprove', { params: { id: held.id } });
    expect(approved.body).toMatchObject({ id: held.id, held: false, hidden: false });
    expect(await publicIds()).toContain(held.id);
    expect((await call(moderator, 'chatHeld')).body.map((message) => message.id)).not.toContain(held.id);
    expect(await newestAudit('chat.approve')).toMatchObject({ entityId: held.id, before: { held: true } });
    expect((await call(moderator, 'chatMessageApprove', { params: { id: held.id } })).status).toBe(409);

    clock.advance(1100);
    const rejected = await posted(poster, 'Ещё РЕКЛАМА');
    expect(rejected.held).toBe(true);
    expect((await call(moderator, 'chatMessageReject', { params: { id: rejected.id } })).body).toMatchObject({
      held: true,
      hidden: true,
    });
    expect(await publicIds()).not.toContain(rejected.id);
    expect((await call(moderator, 'chatHeld')).body.map((message) => message.id)).not.toContain(rejected.id);
    expect(await newestAudit('chat.reject')).toMatchObject({ entityId: rejected.id });

    // A word inside another is no match.
    clock.advance(1100);
    const clean = await posted(poster, 'Рекламация принята');
    expect(clean.held).toBeUndefined();

    expect((await call(moderator, 'chatWordDelete', { params: { id: added.body.id } })).status).toBe(200);
    expect(await newestAudit('chat-word.remove')).toMatchObject({ entityId: added.body.id, after: null });
  });

  it('refuses a post with a refused word (400, nothing stored), in the name too', async () => {
    await call(moderator, 'chatWordAdd', { body: { word: 'казино', mode: 'refuse' } });
    const [{ count: before } = { count: 0 }] = await site()
      .database.db.select({ count: sql<number>`count(*)::int` })
      .from(chatMessage);
    const refused = await post(visitor(), 'Лучшее КАЗИНО тут');
    expect(refused.status).toBe(400);
    expect(errorSchema.parse(refused.json).detail).toBe(chatWordRefusal);
    const named = await visitor().request({
      method: 'POST',
      url: relative(chatUrl('teleprogram', 4)),
      payload: { name: 'Kazino', message: 'привет' },
    });
    expect(named.status).toBe(400);
    const [{ count: after } = { count: 0 }] = await site()
      .database.db.select({ count: sql<number>`count(*)::int` })
      .from(chatMessage);
    expect(after).toBe(before);
  });

  it.each([{ word: '', mode: 'hold' }, { word: '!!!', mode: 'hold' }, { word: 'слово', mode: 'delete' }, {}])(
    'refuses %j',
    async (body) => {
      expect((await call(moderator, 'chatWordAdd', { body })).status).toBe(400);
    },
  );
});

describe('clearing a room', () => {
  it('hides every message of the room’s day on air, and nothing of another day', async () => {
    const room = await call(moderator, 'chatRoom', { params: { room: 'teleprogram' } });
    const day = room.body.day;
    expect(day).not.toBeNull();
    const otherDay = day!.id === 4 ? 3 : 4;
    const kept = await posted(visitor(), 'Вчерашнее', 'teleprogram', otherDay);
    const today = await posted(visitor(), 'Сегодняшнее', 'teleprogram', day!.id);
    expect(await publicIds('teleprogram', day!.id)).toContain(today.id);

    const cleared = await call(moderator, 'chatRoomClear', { params: { room: 'teleprogram' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.day).toEqual(day);
    expect(cleared.body.hidden).toBeGreaterThan(0);
    expect(await publicIds('teleprogram', day!.id)).toEqual([]);
    expect(await publicIds('teleprogram', otherDay)).toContain(kept.id);
    const audit = await newestAudit('chat.clear');
    expect(audit).toMatchObject({ entity: 'chat-room', entityId: day!.id, after: { shown: [] } });
    expect((audit?.before as { shown: number[] }).shown).toContain(today.id);
  });
});

describe('what an attacker tries', () => {
  it('without a session, or with a forged one, no moderation call answers', async () => {
    const forged = { userId: 0, cookie: 'efir_studio=forged', csrf: 'forged' };
    for (const who of [undefined, forged]) {
      for (const name of ['chatBanLift', 'chatBanAdd', 'chatSlowMode', 'chatRoomClear', 'chatWordAdd'] as const) {
        const route = studioCalls[name];
        const answer = await studioCall(site(), who, {
          method: route.method,
          url: route.path.replace(':id', '1').replace(':room', 'teleprogram'),
          payload: {},
        });
        expect(answer.statusCode, name).toBe(401);
      }
    }
  });

  it('a ban names a message, never an address or a visitor given by hand', async () => {
    const message = await posted(visitor(), 'Обычное сообщение');
    for (const body of [
      { messageId: message.id, duration: '1h', address: '192.0.2.1' },
      { messageId: message.id, duration: '1h', visitor: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { messageId: message.id, duration: '2h' },
      { messageId: message.id, duration: '1h', reason: 'я'.repeat(201) },
      { messageId: 0, duration: '1h' },
    ]) {
      expect((await call(moderator, 'chatBanAdd', { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(moderator, 'chatBanAdd', { body: { messageId: 2_000_000_000, duration: '1h' } })).status).toBe(
      404,
    );
  });

  it('a message of an unknown address cannot be banned by address', async () => {
    const message = await posted(visitor(), 'Старое сообщение');
    await site().database.db.update(chatMessage).set({ address: null }).where(eq(chatMessage.id, message.id));
    const answer = await call(moderator, 'chatBanAdd', {
      body: { messageId: message.id, duration: '1h', byAddress: true },
    });
    expect(answer.status).toBe(400);
  });
});
