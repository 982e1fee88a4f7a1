// A script writing numbers in paths and queries every way a parser might read them: only the
// canonical decimal form in range is an id, anything else a 400 with a detail, never a 500 or
// another resource. And the admin's schedule dates: a real day in the contract's range.
import { adminPrefix, apiPrefix, scheduleDateRange } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { inProcessBus } from '../../src/bus/bus.ts';
import type { Database } from '../../src/db/database.ts';
import { testDatabase } from '../database.ts';
import { testTimeZone } from '../postgres.ts';

const notIds = ['0x10', '+1', '%201', '1.0', '1e3', '01', '-1', '0', '2147483648', '99999999999999999999', ''];

let database: Database;
let app: FastifyInstance;
const auth = { authorization: 'Bearer admin-secret' };

beforeAll(async () => {
  database = await testDatabase('pglite', 'seeded');
  app = await buildApp({
    config: { timeZone: testTimeZone, logLevel: 'silent' },
    db: database.db,
    bus: inProcessBus(),
    logger: false,
    webDist: '/nonexistent',
    admin: { token: 'admin-secret', onQueued: () => undefined },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function expectRefused(url: string, method: 'GET' | 'PUT' | 'PATCH' = 'GET', payload?: object) {
  const response = await app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, `${method} ${url}`).toBe(400);
  expect(response.json(), `${method} ${url}`).toEqual({ detail: expect.any(String) as string });
}

describe('ids in paths', () => {
  it.each(notIds.filter((id) => id !== ''))('refuses %j as an id', async (id) => {
    await expectRefused(`${apiPrefix}/get/related/list/${id}/`);
    await expectRefused(`${apiPrefix}/chat/teleprogram/${id}/`);
    await expectRefused(`${apiPrefix}/get/video/${id}/`, 'PATCH');
    await expectRefused(`${apiPrefix}/get/teleprogram/next/1/${id === '0' ? '00' : id}/`, 'PUT');
    await expectRefused(`${adminPrefix}/jobs/${id}`);
  });

  it('takes 1 and the largest integer PostgreSQL holds', async () => {
    expect((await app.inject({ url: `${apiPrefix}/get/related/list/1/` })).statusCode).toBe(200);
    // Read as an id and looked up: there is no such video.
    const largest = await app.inject({ url: `${apiPrefix}/get/related/list/2147483647/` });
    expect(largest.statusCode).toBe(404);
    expect((await app.inject({ url: `${adminPrefix}/jobs/2147483647`, headers: auth })).statusCode).toBe(404);
  });

  it('refuses a day index or next index written any other way', async () => {
    for (const index of ['01', '+0', '1e1', '367', '0x1', '-0']) {
      await expectRefused(`${apiPrefix}/get/teleprogram/list/filter/${index}/`);
      await expectRefused(`${apiPrefix}/get/radioprogram/list/filter/${index}/`);
    }
    expect((await app.inject({ url: `${apiPrefix}/get/teleprogram/list/filter/0/` })).statusCode).toBe(200);
    expect((await app.inject({ url: `${apiPrefix}/get/teleprogram/list/filter/366/` })).statusCode).toBe(200);
  });
});

describe('numbers in queries', () => {
  it.each(notIds)('refuses page, category_id and after of %j', async (value) => {
    const query = encodeURIComponent(value);
    await expectRefused(`${apiPrefix}/get/all/video/category/?page=${query}`);
    if (value !== '') await expectRefused(`${apiPrefix}/get/radio/category/?category_id=${query}`);
    // A message id past PostgreSQL's integer is a bigint, so `after` may be larger.
    if (value !== '2147483648')
      await expectRefused(`${apiPrefix}/chat/teleprogram/1/?after=${value === '0' ? '00' : query}`);
  });

  it('refuses a number given twice', async () => {
    await expectRefused(`${apiPrefix}/get/all/video/category/?page=1&page=2`);
  });

  it('takes the canonical forms', async () => {
    expect((await app.inject({ url: `${apiPrefix}/get/all/video/category/?page=1&category_id=1` })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: `${apiPrefix}/get/all/video/category/?category_id=` })).statusCode).toBe(200);
    expect((await app.inject({ url: `${apiPrefix}/chat/teleprogram/1/?after=0` })).statusCode).toBe(200);
  });
});

describe('schedule dates of the admin calls', () => {
  const day = { items: [] };
  it.each(['0000-01-01', '1999-12-31', '2100-01-01', '9999-12-31', '2026-02-30', '2026-1-1', '20260101'])(
    'refuses %s',
    async (date) => {
      await expectRefused(`${adminPrefix}/schedule/tv/${date}`, 'PUT', day);
    },
  );

  it('writes the first and the last day of the range', async () => {
    for (const date of [scheduleDateRange.first, scheduleDateRange.last]) {
      const response = await app.inject({
        method: 'PUT',
        url: `${adminPrefix}/schedule/radio/${date}`,
        headers: auth,
        payload: day,
      });
      expect(response.statusCode, date).toBe(200);
    }
  });
});
