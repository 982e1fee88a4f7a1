import { apiPrefix } from '@efir/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessBus } from '../bus/bus.ts';
import { answerCachePlugin, invalidateAnswers } from './answer-cache.ts';
import { scriptPlugin } from './script.ts';

let clock = 0;
let calls = 0;
const bus = inProcessBus();
let app: FastifyInstance;

async function build(maxEntries = 10): Promise<FastifyInstance> {
  clock = 1_000;
  calls = 0;
  app = Fastify();
  await app.register(scriptPlugin);
  await app.register(answerCachePlugin, { bus, maxEntries, now: () => clock });
  app.get(`${apiPrefix}/items/:id/`, { config: { answerCacheMs: 2000 } }, async (request) => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { id } = request.params as { id: string };
    if (id === 'missing') throw Object.assign(new Error('no such item'), { statusCode: 404 });
    if (id === 'long') return { id, text: 'Москва — столица России. '.repeat(200), call: calls };
    return { id, name: 'Москва', call: calls };
  });
  app.get(`${apiPrefix}/fresh/`, (_request, reply) => reply.send({ call: ++calls }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app.close();
});

describe('answer cache', () => {
  it('serves the same bytes from memory until the entry expires', async () => {
    await build();
    const first = await app.inject({ url: `${apiPrefix}/items/1/` });
    const second = await app.inject({ url: `${apiPrefix}/items/1/` });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(calls).toBe(1);
    clock += 2001;
    const third = await app.inject({ url: `${apiPrefix}/items/1/` });
    expect(third.json()).toMatchObject({ call: 2 });
  });

  it('answers a matching If-None-Match with a 304', async () => {
    await build();
    const first = await app.inject({ url: `${apiPrefix}/items/1/` });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/u);
    const again = await app.inject({ url: `${apiPrefix}/items/1/`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('lets concurrent misses of one answer wait for the first', async () => {
    await build();
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject({ url: `${apiPrefix}/items/7/` })));
    expect(calls).toBe(1);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('keeps the scripts apart and leaves routes without a cache alone', async () => {
    await build();
    const cyrl = await app.inject({ url: `${apiPrefix}/items/1/` });
    const latn = await app.inject({ url: `${apiPrefix}/items/1/`, headers: { 'accept-language': 'ru-latn' } });
    expect(cyrl.json()).toMatchObject({ name: 'Москва' });
    expect(latn.json()).toMatchObject({ name: 'Moskva' });
    await app.inject({ url: `${apiPrefix}/fresh/` });
    const fresh = await app.inject({ url: `${apiPrefix}/fresh/` });
    expect(fresh.json()).toEqual({ call: 4 });
  });

  it('does not keep an error answer', async () => {
    await build();
    const first = await app.inject({ url: `${apiPrefix}/items/missing/` });
    expect(first.statusCode).toBe(404);
    await app.inject({ url: `${apiPrefix}/items/missing/` });
    expect(calls).toBe(2);
  });

  it('drops the entries under a path when told so on the bus', async () => {
    await build();
    await app.inject({ url: `${apiPrefix}/items/1/` });
    await app.inject({ url: `${apiPrefix}/items/2/` });
    await invalidateAnswers(bus, `${apiPrefix}/items/1/`);
    await app.inject({ url: `${apiPrefix}/items/1/` });
    await app.inject({ url: `${apiPrefix}/items/2/` });
    expect(calls).toBe(3);
    await invalidateAnswers(bus, '');
    await app.inject({ url: `${apiPrefix}/items/2/` });
    expect(calls).toBe(4);
  });

  it('holds at most maxEntries, forgetting the least recently used', async () => {
    await build(2);
    await app.inject({ url: `${apiPrefix}/items/1/` });
    await app.inject({ url: `${apiPrefix}/items/2/` });
    await app.inject({ url: `${apiPrefix}/items/1/` });
    await app.inject({ url: `${apiPrefix}/items/3/` });
    expect(calls).toBe(3);
    await app.inject({ url: `${apiPrefix}/items/1/` });
    expect(calls).toBe(3);
    await app.inject({ url: `${apiPrefix}/items/2/` });
    expect(calls).toBe(4);
  });

  it('sends a long answer compressed in the encoding the browser prefers, the same bytes on a hit', async () => {
    await build();
    const plain = await app.inject({ url: `${apiPrefix}/items/long/`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const miss = await app.inject({
      url: `${apiPrefix}/items/long/`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(miss.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(miss.rawPayload).toString()).toBe(plain.body);
    expect(miss.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    const gzip = await app.inject({ url: `${apiPrefix}/items/long/`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(calls).toBe(1);
    expect(String(gzip.headers.vary)).toBe('Accept-Language, Accept-Encoding');
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('sends a short answer as it is', async () => {
    await build();
    const short = await app.inject({ url: `${apiPrefix}/items/1/`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.json()).toMatchObject({ name: 'Москва' });
  });
});
