import { calls, errorSchema } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { TestClock } from '../clock.ts';
import { TestBrowser, call, raw } from './helpers.ts';

const clock = new TestClock();
const site = useTestApp({ clock: clock.now });

/** Each test's poster is a browser of its own at an address of its own: the newcomer limit is per address. */
let addresses = 0;
const browser = (): TestBrowser => {
  addresses += 1;
  return new TestBrowser(site().app, `203.0.113.${String(addresses)}`);
};
const post = (url: string, payload: object, poster = browser()) => poster.request({ method: 'POST', url, payload });

describe('chat', () => {
  it('GET gives the latest messages oldest-first with an ETag; an unchanged poll costs a 304', async () => {
    const first = await call(site().app, calls.chatMessages.response, { url: '/chat/teleprogram/4/' });
    expect(first.status).toBe(200);
    expect(first.body.length).toBeGreaterThan(10);
    const ids = first.body.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const etag = String(first.headers.etag);
    const again = await raw(site().app, { url: '/chat/teleprogram/4/', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.response.body).toBe('');
  });

  it('POST stores a message as sent; GET ?after= gives only newer ones, and the ETag changes', async () => {
    const before = await call(site().app, calls.chatMessages.response, { url: '/chat/teleprogram/4/' });
    const lastId = before.body.at(-1)?.id ?? 0;
    const payload = { teleprogram_id: 4, name: '  Зритель  ', message: '<script>alert(1)</script> & «привет»' };
    const posted = await post('/chat/teleprogram/4/', payload);
    expect(posted.status).toBe(201);
    const message = calls.chatPost.response.parse(posted.json);
    expect(message).toMatchObject({ name: 'Зритель', message: '<script>alert(1)</script> & «привет»' });
    const newer = await call(site().app, calls.chatMessages.response, { url: `/chat/teleprogram/4/?after=${lastId}` });
    expect(newer.body).toEqual([message]);
    const polled = await raw(site().app, {
      url: '/chat/teleprogram/4/',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(polled.status).toBe(200);
  });

  it('radio chats take radioprogram_id', async () => {
    const posted = await post('/chat/radio/4/', { radioprogram_id: 4, name: 'Слушатель', message: 'Отличная песня' });
    expect(posted.status).toBe(201);
    const { body } = await call(site().app, calls.chatMessages.response, { url: '/chat/radio/4/' });
    expect(body.at(-1)?.message).toBe('Отличная песня');
  });

  it('allows one post a second per visitor (429 beyond) and loses nothing', async () => {
    const typist = browser();
    expect((await post('/chat/teleprogram/4/', { name: 'Быстрый', message: 'раз' }, typist)).status).toBe(201);
    const second = await post('/chat/teleprogram/4/', { name: 'Быстрый', message: 'два' }, typist);
    expect(second.status).toBe(429);
    expect(second.response.headers['retry-after']).toBe('1');
    clock.advance(1100);
    expect((await post('/chat/teleprogram/4/', { name: 'Быстрый', message: 'три' }, typist)).status).toBe(201);
    const { body } = await call(site().app, calls.chatMessages.response, { url: '/chat/teleprogram/4/' });
    expect(body.slice(-2).map((m) => m.message)).toEqual(['раз', 'три']);
  });

  it.each([
    [{ name: '', message: 'текст' }, 'Name must not be empty'],
    [{ name: '   ', message: 'текст' }, 'Name must not be empty'],
    [{ name: 'a'.repeat(33), message: 'текст' }, 'Name must be at most 32'],
    [{ name: 'Имя', message: ' \t ' }, 'Message must not be empty'],
    [{ name: 'Имя', message: 'я'.repeat(501) }, 'Message must be at most 500'],
    [{ name: 'Имя', message: 'строка\u0007звонок' }, 'control characters'],
    [{ name: 'Имя', message: 'текст', teleprogram_id: 5 }, 'programme 5'],
    [{ name: 'Имя' }, 'body'],
    [{ name: 7, message: 'текст' }, 'body'],
  ])('refuses %j with a 400', async (payload, detail) => {
    const answer = await post('/chat/teleprogram/4/', payload);
    expect(answer.status).toBe(400);
    expect(errorSchema.parse(answer.json).detail).toContain(detail);
  });

  it('counts characters, not UTF-16 units: 32 emoji make a valid name', async () => {
    const answer = await post('/chat/teleprogram/4/', { name: '😀'.repeat(32), message: 'ок' });
    expect(answer.status).toBe(201);
  });

  it('answers 404 for a missing programme and 400 for an unknown room', async () => {
    expect((await raw(site().app, { url: '/chat/teleprogram/999999/' })).status).toBe(404);
    expect((await post('/chat/teleprogram/999999/', { name: 'Имя', message: 'текст' })).status).toBe(404);
    expect((await raw(site().app, { url: '/chat/video/4/' })).status).toBe(400);
  });
});

/** Characters that show nothing on their own: each alone must not make a nickname or a message. */
const invisibles = [
  ...['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064'],
  ...['\u206a', '\u206b', '\u206c', '\u206d', '\u206e', '\u206f', '\u3164', '\u2800', '\ufeff', '\u115f'],
  ...['\u1160', '\uffa0', '\u00ad', '\u034f', '\u180e', '\ufe0f', '\u0301', '\u0489', '\u061c', '\u202a'],
  ...['\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u{e0001}', '\u{e0041}'],
  ...['\u{e007f}', '\u{1d173}', '\u3000', '\u2028'],
];
const codePoint = (character: string): string =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('chat text hygiene', () => {
  it.each(invisibles.map((character) => [codePoint(character), character]))(
    'refuses a nickname and a message made only of %s',
    async (_label, character) => {
      const name = await post('/chat/teleprogram/4/', { name: character.repeat(3), message: 'текст' });
      expect(name.status).toBe(400);
      expect(errorSchema.parse(name.json).detail).toBe(
        'Name must not be empty (invisible characters alone do not count).',
      );
      const message = await post('/chat/teleprogram/4/', { name: 'Имя', message: ` ${character}${character} ` });
      expect(message.status).toBe(400);
      expect(errorSchema.parse(message.json).detail).toContain('Message must not be empty');
    },
  );

  it('refuses a mix of invisible characters and combining marks with nothing to sit on', async () => {
    const answer = await post('/chat/teleprogram/4/', { name: '\u3164\u0301\u200b\u2800\u{e0041}', message: 'текст' });
    expect(answer.status).toBe(400);
  });

  it('removes bidirectional overrides, isolates and tag characters, and stores the text in NFC', async () => {
    const answer = await post('/chat/teleprogram/4/', {
      name: 'Ан\u202eна\u2066',
      message: 'пр\u2067ив\u2069ет\u{e0001}\u{e0041}\u202d cafe\u0301',
    });
    expect(answer.status).toBe(201);
    const stored = calls.chatPost.response.parse(answer.json);
    expect(stored.name).toBe('Анна');
    expect(stored.message).toBe('привет caf\u00e9');
    const { body } = await call(site().app, calls.chatMessages.response, { url: '/chat/teleprogram/4/' });
    expect(body.at(-1)).toEqual(stored);
  });

  it('keeps at most two combining marks in a row, and the joiners that hold emoji together', async () => {
    const answer = await post('/chat/teleprogram/4/', {
      name: `Z${'\u0336'.repeat(40)}алго`,
      message: `q\u0308\u0301\u0300\u0302\u0303 👩\u200d👩\u200d👧`,
    });
    expect(answer.status).toBe(201);
    const stored = calls.chatPost.response.parse(answer.json);
    expect(stored.name).toBe('Z\u0336\u0336алго');
    expect(stored.message).toBe('q\u0308\u0301 👩\u200d👩\u200d👧');
  });

  it.each([
    ['a lone high surrogate in a message', { name: 'Имя', message: 'текст \ud83d' }, 'Message'],
    ['a lone low surrogate in a nickname', { name: '\udc00Имя', message: 'текст' }, 'Name'],
  ])('refuses %s with a 400', async (_label, payload, field) => {
    const answer = await post('/chat/teleprogram/4/', payload);
    expect(answer.status).toBe(400);
    expect(errorSchema.parse(answer.json).detail).toBe(
      `${field} is not valid text: it holds half of a UTF-16 surrogate pair.`,
    );
  });
});
