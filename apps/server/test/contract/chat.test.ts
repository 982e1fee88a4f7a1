import { calls, errorSchema } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { call, raw } from './helpers.ts';

const site = useTestApp();

const post = (url: string, payload: object, agent = 'poster') =>
  raw(site().app, { method: 'POST', url, payload, headers: { 'user-agent': agent } });

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
    const posted = await post(
      '/chat/radio/4/',
      { radioprogram_id: 4, name: 'Слушатель', message: 'Отличная песня' },
      'radio fan',
    );
    expect(posted.status).toBe(201);
    const { body } = await call(site().app, calls.chatMessages.response, { url: '/chat/radio/4/' });
    expect(body.at(-1)?.message).toBe('Отличная песня');
  });

  it('allows one post a second per visitor (429 beyond) and loses nothing', async () => {
    const agent = 'fast typist';
    expect((await post('/chat/teleprogram/4/', { name: 'Быстрый', message: 'раз' }, agent)).status).toBe(201);
    const second = await post('/chat/teleprogram/4/', { name: 'Быстрый', message: 'два' }, agent);
    expect(second.status).toBe(429);
    expect(second.response.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post('/chat/teleprogram/4/', { name: 'Быстрый', message: 'три' }, agent)).status).toBe(201);
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
    [{ name: 'Имя\u202e', message: 'текст' }, 'control characters'],
    [{ name: 'Имя', message: 'текст', teleprogram_id: 5 }, 'programme 5'],
    [{ name: 'Имя' }, 'body'],
    [{ name: 7, message: 'текст' }, 'body'],
  ])('refuses %j with a 400', async (payload, detail) => {
    const answer = await post('/chat/teleprogram/4/', payload, `validator ${JSON.stringify(payload)}`);
    expect(answer.status).toBe(400);
    expect(errorSchema.parse(answer.json).detail).toContain(detail);
  });

  it('counts characters, not UTF-16 units: 32 emoji make a valid name', async () => {
    const answer = await post('/chat/teleprogram/4/', { name: '😀'.repeat(32), message: 'ок' }, 'emoji');
    expect(answer.status).toBe(201);
  });

  it('answers 404 for a missing programme and 400 for an unknown room', async () => {
    expect((await raw(site().app, { url: '/chat/teleprogram/999999/' })).status).toBe(404);
    expect((await post('/chat/teleprogram/999999/', { name: 'Имя', message: 'текст' }, 'lost')).status).toBe(404);
    expect((await raw(site().app, { url: '/chat/video/4/' })).status).toBe(400);
  });
});
