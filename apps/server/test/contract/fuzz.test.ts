// Random and malformed paths, queries and bodies thrown at every call of the site and at the
// media port: never a 5xx, and every failure is exactly `{detail: string}`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminPrefix, apiPrefix, calls } from '@efir/contract';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaApp } from '../../src/media-app.ts';
import { createLiveChannels } from '../../src/live/live-channels.ts';
import { useTestApp } from '../app.ts';
import { testTimeZone } from '../postgres.ts';

const site = useTestApp();
let media: FastifyInstance;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'efir-fuzz-media-'));
  mkdirSync(join(mediaDir, 'v', 'abc'), { recursive: true });
  writeFileSync(join(mediaDir, 'v', 'abc', 'master.m3u8'), '#EXTM3U\n');
  const live = createLiveChannels({ db: site().database.db, mediaDir, timeZone: testTimeZone });
  media = await buildMediaApp({ mediaDir, allowedOrigins: [], live, logger: false });
  await media.ready();
});

afterAll(async () => {
  await media.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Sends a request and checks the answer: below 500, and a failure is `{detail: string}` alone. */
async function expectSound(app: FastifyInstance, options: InjectOptions & { url: string }): Promise<void> {
  const response = await app.inject(options);
  const what = `${options.method ?? 'GET'} ${options.url}`;
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode >= 400 && options.method !== 'HEAD') {
    expect(response.json(), what).toEqual({ detail: expect.any(String) as string });
  }
}

const segment = fc.oneof(
  fc.integer({ min: -5, max: 10 }).map(String),
  fc.constantFrom(
    '0',
    '1',
    '4',
    '2147483647',
    '2147483648',
    '1e3',
    '0x10',
    '١٢',
    'NaN',
    '..',
    '%2e%2e',
    '%2F',
    '%00',
    '%',
  ),
  fc.constantFrom('ru-cyrl', 'ru-latn', 'teleprogram', 'radio', 'main', 'radios', 'catalog', 'True'),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.string({ minLength: 200, maxLength: 800 }).map(encodeURIComponent),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom('page', 'category_id', 'prosmotri', 'date_added', 'after', 'q', '__proto__', 'page[]'),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.integer().map(String),
        fc.constantFrom('true', 'True', '', '-1', '1.5'),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record({
      name: fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null)),
      message: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(null)),
      teleprogram_id: fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
      otvet_1: fc.oneof(fc.boolean(), fc.integer(), fc.string({ maxLength: 5 })),
      otvet_3: fc.oneof(fc.boolean(), fc.integer({ min: 0, max: 10_000_000 })),
    })
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 100 }),
);

const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
);

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/:[a-zA-Z]+/gu, () => values[i++ % values.length] ?? '1');
}

describe('every call under random input', () => {
  it.each(Object.entries(calls))('%s never answers 5xx', async (_name, spec) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        queryString,
        body,
        contentType,
        fc.constantFrom(spec.method, spec.method, 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        async (values, query, payload, type, method) => {
          const url = `${apiPrefix}${fill(spec.path, values)}${query === '' ? '' : `?${query}`}`;
          await expectSound(site().app, {
            method,
            url,
            ...(payload === undefined ? {} : { payload, headers: { 'content-type': type } }),
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it(`random paths under ${apiPrefix} answer a 4xx with a detail, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.boolean(), async (parts, slash) => {
        await expectSound(site().app, { url: `${apiPrefix}/${parts.join('/')}${slash ? '/' : ''}` });
      }),
      { numRuns: 300 },
    );
  });
});

const anyMethod = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');

describe('the media port under random input', () => {
  const mediaPath = fc.oneof(
    fc.constantFrom('/media', '/tv', '/radio', '/radio/m3u', '/radio/apple', '/health', '/media/v', '/media/v/abc'),
    fc.constantFrom('/tv/stream.m3u8', '/radio/m3u/stream.m3u8', '/media/v/abc/master.m3u8', '/health/ready'),
  );
  it('answers random paths, methods and bodies below 500, failures as {detail}', async () => {
    await fc.assert(
      fc.asyncProperty(
        mediaPath,
        fc.array(segment, { maxLength: 3 }),
        fc.boolean(),
        anyMethod,
        body,
        async (base, parts, slash, method, payload) => {
          const url = `${base}${parts.map((part) => `/${part}`).join('')}${slash ? '/' : ''}`;
          await expectSound(media, {
            method,
            url,
            ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the site beyond the API under random input', () => {
  it('answers random methods on its pages, documentation and files below 500, failures as {detail}', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/',
          '/about',
          '/api/docs',
          '/api/openapi.json',
          '/assets',
          '/media',
          '/health/live',
          adminPrefix,
        ),
        fc.array(segment, { maxLength: 2 }),
        anyMethod,
        async (base, parts, method) => {
          await expectSound(site().app, { method, url: `${base}${parts.map((part) => `/${part}`).join('')}` });
        },
      ),
      { numRuns: 200 },
    );
  });
});
