// Random and malformed paths, queries and bodies thrown at every call: never a 500.
import { apiPrefix, calls } from '@efir/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { raw } from './helpers.ts';

const site = useTestApp();

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
          const url = `${fill(spec.path, values)}${query === '' ? '' : `?${query}`}`;
          const answer = await raw(site().app, {
            method,
            url,
            ...(payload === undefined ? {} : { payload, headers: { 'content-type': type } }),
          });
          expect(answer.status, `${method} ${url}`).toBeLessThan(500);
          if (answer.status >= 400) expect(answer.json, `${method} ${url}`).toHaveProperty('detail');
        },
      ),
      { numRuns: 40 },
    );
  });

  it(`random paths under ${apiPrefix} answer a 4xx with a detail, never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.boolean(), async (parts, slash) => {
        const answer = await raw(site().app, { url: `/${parts.join('/')}${slash ? '/' : ''}` });
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
