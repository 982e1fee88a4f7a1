// What a script sees of the site's HTTP, on both ports (docs/SECURITY.md, "HTTP"): every answer
// carries the security headers, the pages' policy runs only the page's own scripts, page addresses
// never come from the Host header, and every failure, down to the ones node:http answers before
// Fastify, is `{detail}` with its status.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPrefix, apiUrl, embedHosts } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { buildMediaApp } from '../src/media-app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { testDatabase } from './database.ts';
import { testTimeZone } from './postgres.ts';
import { webBuild } from './web-build.ts';

const inlineScript = "\n      window.efirBoot = { locale: 'ru-cyrl' };\n    ";
const indexHtml = `<!doctype html>
<html lang="ru">
  <head>
    <title>Эфир</title>
    <meta name="description" content="Эфир." />
    <script>${inlineScript}</script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let database: Database;
let dist: string;
let mediaDir: string;
let site: FastifyInstance;
let media: FastifyInstance;
const bus = inProcessBus();

beforeAll(async () => {
  dist = webBuild({ 'index.html': indexHtml, 'assets/index-1.js': 'console.log(1);' });
  mediaDir = mkdtempSync(join(tmpdir(), 'efir-http-media-'));
  writeFileSync(join(mediaDir, 'clip.m3u8'), '#EXTM3U\n');
  database = await testDatabase('pglite', 'seeded');
  site = await buildApp({
    config: {
      timeZone: testTimeZone,
      logLevel: 'silent',
      publicUrl: 'https://efir.example',
      siteOrigins: ['http://localhost:9080', 'http://127.0.0.1:9080'],
    },
    db: database.db,
    bus,
    logger: false,
    webDist: dist,
    mediaDir,
    mediaPort: 9088,
  });
  media = await buildMediaApp({ mediaDir, allowedOrigins: ['http://localhost:9080'], logger: false });
  await site.ready();
  await media.ready();
});

afterAll(async () => {
  await site.close();
  await media.close();
  await bus.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(mediaDir, { recursive: true, force: true });
});

/** The policy's directives by name. */
function directives(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/u))
      .filter((words) => words[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the site’s policy', () => {
  it('lets a page run its own files and its inline script (by hash), nothing inline else', async () => {
    const page = await site.inject({ url: '/about' });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy']);
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(policy.get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(String(page.headers['content-security-policy'])).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/u);
  });

  it('lets media come from the media port of each host the pages are served from, and no other', async () => {
    const policy = directives((await site.inject({ url: '/' })).headers['content-security-policy']);
    const mediaOrigins = ['https://efir.example:9088', 'http://localhost:9088', 'http://127.0.0.1:9088'];
    expect(policy.get('media-src')).toEqual(["'self'", 'data:', 'blob:', ...mediaOrigins]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...mediaOrigins]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...mediaOrigins]);
  });

  it('lets frames come from the allow-listed video hosts alone', async () => {
    const policy = directives((await site.inject({ url: '/' })).headers['content-security-policy']);
    expect(policy.get('frame-src')).toEqual(embedHosts.map(([host]) => `https://${host}`));
  });

  it.each([
    ['a page', '/radio'],
    ['an API answer', apiUrl('videoCategories')],
    ['a build file', '/assets/index-1.js'],
    ['a missing address', `${apiPrefix}/nothing/`],
    ['a malformed address', `${apiPrefix}/%`],
    ['the API documentation', '/api/docs/'],
    ['a health call', '/health/live'],
  ])('puts the headers on %s, first asked and again (from the answer cache)', async (_what, url) => {
    for (const answer of [await site.inject({ url }), await site.inject({ url })]) {
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

it('gives the media files the site serves itself the media port’s policy, which runs nothing', async () => {
  for (const url of ['/media/clip.m3u8', '/media/nothing.html']) {
    const answer = await site.inject({ url });
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  }
});

describe('page addresses', () => {
  it('come from PUBLIC_URL whatever Host and forwarded headers a request names', async () => {
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.example:8080', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ]) {
      const page = await site.inject({ url: '/video/item/1', headers });
      expect(page.body).not.toContain('evil.example');
      expect(page.body).toContain('<link rel="canonical" href="https://efir.example/video/item/1" />');
      expect(page.body).toContain('<meta property="og:url" content="https://efir.example/video/item/1" />');
      expect(page.body).toMatch(/<meta property="og:image" content="https:\/\/efir\.example\//u);
    }
  });
});

const ports = [
  ['the site', () => site],
  ['the media port', () => media],
] as const;

describe.each(ports)('%s’s errors', (_name, app) => {
  const expectDetail = (response: { statusCode: number; json: () => unknown }, status: number): void => {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail: expect.any(String) as string });
  };

  it('answers an unknown address 404 and a known one under another method 405 with Allow', async () => {
    expectDetail(await app().inject({ url: '/api/no/such/thing' }), 404);
    const wrongMethod = await app().inject({ method: 'DELETE', url: '/health/live' });
    expectDetail(wrongMethod, 405);
    expect(wrongMethod.headers.allow).toContain('GET');
  });

  it('answers malformed percent-encoding 400', async () => {
    expectDetail(await app().inject({ url: '/media/%E0%A4%A' }), 400);
    expectDetail(await app().inject({ url: '/health/%' }), 400);
  });
});

describe('the site’s errors', () => {
  const post = (payload: string, type = 'application/json') =>
    site.inject({
      method: 'POST',
      url: apiUrl('chatPost', { params: { room: 'teleprogram', id: 1 } }),
      headers: { 'content-type': type },
      payload,
    });

  it('answers bad JSON 400, a body too large 413, a type it does not read 415', async () => {
    for (const [response, status] of [
      [await post('{"name": "a",'), 400],
      [await post(''), 400],
      [await post(JSON.stringify({ name: 'a', message: 'x'.repeat(20_000) })), 413],
      [await post('name=a', 'application/x-www-form-urlencoded'), 415],
      [await post('<a/>', 'application/xml'), 415],
    ] as const) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail: expect.any(String) as string });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers a spec call under a method it does not take 405, GET included beside the pages', async () => {
    const answer = await site.inject({ method: 'POST', url: apiUrl('videoCategories') });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    const read = await site.inject({ url: apiUrl('video', { params: { id: 1 } }) });
    expect(read.statusCode).toBe(405);
    expect(read.headers.allow).toBe('PATCH');
    expect(read.json()).toEqual({ detail: expect.any(String) as string });
    expect((await site.inject({ url: apiUrl('video', { params: { id: 1 } }).slice(0, -1) })).statusCode).toBe(404);
  });
});

/** Sends raw bytes to a listening app and reads its whole answer. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => {
      resolve(answer);
    });
    socket.on('error', reject);
  });
}

describe.each(ports)('%s, listening', (_name, app) => {
  let port: number;
  beforeAll(async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const address = app().server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  it('answers headers too large 431 as {detail}, with the headers', async () => {
    const answer = await rawExchange(
      port,
      `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /u);
    expect(head).toMatch(/x-content-type-options: nosniff/iu);
    expect(head).toMatch(/content-security-policy: /iu);
    expect(JSON.parse(body)).toEqual({ detail: 'The request headers are too large.' });
  });

  it('answers a request line that is not HTTP 400 as {detail}', async () => {
    const answer = await rawExchange(port, 'HELLO\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /u);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({ detail: 'Malformed request.' });
  });
});
