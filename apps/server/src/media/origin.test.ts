import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from '../media-app.ts';
import { isUnsafeMediaPath } from './origin.ts';

const root = mkdtempSync(join(tmpdir(), 'efir-origin-test-'));
const mediaDir = join(root, 'media');
const segment = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(mediaDir, 'v', 'abc', '720'), { recursive: true });
  mkdirSync(join(mediaDir, '.incoming', 'half'), { recursive: true });
  writeFileSync(join(mediaDir, 'v', 'abc', 'master.m3u8'), '#EXTM3U\n');
  writeFileSync(join(mediaDir, 'v', 'abc', '720', 'seg_00000.ts'), segment);
  writeFileSync(join(mediaDir, 'v', 'abc', 'preview.jpg'), 'jpeg');
  mkdirSync(join(mediaDir, 'v', 'abc', 'subs', 'ru'), { recursive: true });
  writeFileSync(join(mediaDir, 'v', 'abc', 'subs', 'ru', 'seg_00000.vtt'), 'WEBVTT\n');
  writeFileSync(join(mediaDir, '.incoming', 'half', 'x.ts'), 'half-made');
  writeFileSync(join(root, 'secret.txt'), 'outside the media directory');
  mkdirSync(join(root, 'elsewhere'));
  writeFileSync(join(root, 'elsewhere', 'seg.ts'), 'outside the media directory');
  // Links an attacker with a foothold among the media would plant: to a system file, to a folder
  // outside, and one that stays inside (which may serve).
  symlinkSync('/etc/passwd', join(mediaDir, 'v', 'abc', 'passwd.ts'));
  symlinkSync(join(root, 'secret.txt'), join(mediaDir, 'v', 'abc', 'secret.ts'));
  symlinkSync(join(root, 'elsewhere'), join(mediaDir, 'v', 'outside'));
  symlinkSync(join(mediaDir, 'v', 'abc'), join(mediaDir, 'v', 'same'));
  app = await buildMediaApp({ mediaDir, allowedOrigins: ['http://localhost:8080'], logger: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('media origin', () => {
  it('serves playlists and segments with their content types and caching', async () => {
    const playlist = await app.inject({ url: '/media/v/abc/master.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=5');
    const ts = await app.inject({ url: '/media/v/abc/720/seg_00000.ts' });
    expect(ts.statusCode).toBe(200);
    expect(ts.headers['content-type']).toBe('video/mp2t');
    expect(ts.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(ts.rawPayload).toEqual(segment);
    const subtitles = await app.inject({ url: '/media/v/abc/subs/ru/seg_00000.vtt' });
    expect(subtitles.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(subtitles.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers byte ranges', async () => {
    const part = await app.inject({ url: '/media/v/abc/720/seg_00000.ts', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload).toEqual(segment.subarray(100, 200));
  });

  it('allows the site origin only (CORS)', async () => {
    const allowed = await app.inject({ url: '/media/v/abc/master.m3u8', headers: { origin: 'http://localhost:8080' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const other = await app.inject({
      url: '/media/v/abc/master.m3u8',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/media/v/abc/720/seg_00000.ts',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('Range');
  });

  it.each([
    '/media/../secret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/v/%2E%2E/%2E%2E/secret.txt',
    '/media/v/abc/..%2f..%2f..%2fsecret.txt',
    '/media/..%5csecret.txt',
    '/media/v/abc/%00.ts',
    '/media/.incoming/half/x.ts',
    '/media/v/abc/%',
    '/media/v/nothing.ts',
    '/media/',
    '/secret.txt',
  ])('never serves %s from outside or half-made (400/404)', async (url) => {
    const answer = await app.inject({ url });
    expect([400, 403, 404]).toContain(answer.statusCode);
    expect(answer.body).not.toContain('outside the media directory');
    expect(answer.body).not.toContain('half-made');
  });
});

describe('symlinks among the media', () => {
  it.each(['/media/v/abc/passwd.ts', '/media/v/abc/secret.ts', '/media/v/outside/seg.ts', '/media/v/outside/'])(
    'never serves %s, which leads outside the media directory (404 with a detail)',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await app.inject({ method, url });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        if (method === 'GET') expect(answer.json()).toEqual({ detail: 'Not found.' });
        expect(answer.body).not.toMatch(/root:|outside the media directory/u);
      }
    },
  );

  it('still serves a file through a link that stays inside', async () => {
    const answer = await app.inject({ url: '/media/v/same/720/seg_00000.ts' });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(segment);
  });
});

describe('the media port’s headers', () => {
  it.each([
    '/media/v/abc/master.m3u8',
    '/media/v/abc/preview.jpg',
    '/media/v/nothing.ts',
    '/media/v/abc/%',
    '/health/live',
  ])('%s carries nosniff, a referrer policy and a policy that runs nothing', async (url) => {
    const answer = await app.inject({ url, headers: { origin: 'http://localhost:8080' } });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    // A malformed address never reaches the media's routes, so it has no CORS headers to keep.
    if (url.startsWith('/media/') && !url.endsWith('%'))
      expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });
});

describe('isUnsafeMediaPath', () => {
  it.each([
    ['/media/v/abc/720/seg_00000.ts', false],
    ['/media/v/abc/master.m3u8?x=1', false],
    ['/media/../x', true],
    ['/media/%2e%2e/x', true],
    ['/media/a\\b', true],
    ['/media/.hidden', true],
    ['/media/%E0%A4%A', true],
  ])('%s → %s', (url, unsafe) => {
    expect(isUnsafeMediaPath(url)).toBe(unsafe);
  });
});
