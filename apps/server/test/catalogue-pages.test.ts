// The catalogue pages answered from each node's memory are, byte for byte, the pages the database
// answers, in every order, category, page and script; a change shows at once and a view within
// the answers' freshness.
import { apiUrl, calls, type Locale, type PagedQuery } from '@efir/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Bus, inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { invalidateAnswers } from '../src/plugins/answer-cache.ts';
import { type CatalogueName, type CatalogueRows, cataloguePage } from '../src/repositories/catalogues.ts';
import { toRadio, toVideo } from '../src/repositories/wire.ts';
import { buildTestSite } from './app.ts';
import { describeOnBackends, testDatabase } from './database.ts';
import { siteBytes } from './site-bytes.ts';

const queries: PagedQuery[] = [];
for (const [prosmotri, date_added] of [
  [false, false],
  [true, false],
  [false, true],
]) {
  for (const category_id of ['', 1, 2, 5] as const) {
    for (const page of [1, 2, 3, 9])
      queries.push({ category_id, prosmotri: Boolean(prosmotri), date_added: Boolean(date_added), page });
  }
}

const urlOf = (path: string, query: PagedQuery): string =>
  `${path}?category_id=${String(query.category_id ?? '')}&prosmotri=${String(query.prosmotri)}&date_added=${String(query.date_added)}&page=${String(query.page)}`;

describeOnBackends('catalogue pages from memory', (backend) => {
  let database: Database;
  let bus: Bus;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await testDatabase(backend, 'seeded');
    // Ties in every order, so that the ids must break them as the database does.
    await database.db.execute(
      sql`UPDATE video SET views = 7, added_at = '2026-01-02T03:04:05.123456Z' WHERE id % 4 = 0`,
    );
    await database.db.execute(
      sql`UPDATE radio SET plays = 3, added_at = '2026-01-02T03:04:05.654321Z' WHERE id % 3 = 0`,
    );
    bus = inProcessBus();
    app = await buildTestSite(database.db, bus);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
    await database.close();
  });

  const answer = async (url: string, locale: Locale): Promise<string> => {
    const response = await app.inject({ url, headers: { 'accept-language': locale } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.body;
  };
  /** A page of the database's rows as the site answers it. */
  const pageOf = async <N extends CatalogueName, Wire>(
    name: N,
    toWire: (row: CatalogueRows[N]) => Wire,
    query: PagedQuery,
  ): Promise<{ count: number; results: Wire[] }> => {
    const page = await cataloguePage(database.db, name, query);
    return { count: page.count, results: page.rows.map(toWire) };
  };
  /** Each catalogue: its call, and its page as the site writes it from the database's rows. */
  const catalogues = {
    video: {
      path: apiUrl('videoCatalogue'),
      fromDatabase: async (query: PagedQuery, locale: Locale) =>
        siteBytes(calls.videoCatalogue.response, await pageOf('video', toVideo, query), locale),
    },
    radio: {
      path: apiUrl('radioCatalogue'),
      fromDatabase: async (query: PagedQuery, locale: Locale) =>
        siteBytes(calls.radioCatalogue.response, await pageOf('radio', toRadio, query), locale),
    },
  };

  it.each(['video', 'radio'] as const)('answers every %s page as the database pages it', async (kind) => {
    const { path, fromDatabase: expected } = catalogues[kind];
    for (const locale of ['ru-cyrl', 'ru-latn'] as const) {
      for (const query of queries) {
        expect(await answer(urlOf(path, query), locale), `${urlOf(path, query)} ${locale}`).toBe(
          await expected(query, locale),
        );
      }
    }
  });

  it('shows a change at once and a counted view within the answers’ freshness', async () => {
    const popular = (): Promise<{ count: number; results: { id: number; prosmotri: number }[] }> =>
      app
        .inject({ url: `${apiUrl('videoCatalogue')}?prosmotri=true&n=${String(Math.random())}` })
        .then((response) => response.json());
    const before = await popular();
    const top = before.results[0];
    if (top === undefined) throw new Error('no video');
    // Hidden by an editor: every node is told, and the next page no longer has it.
    await database.db.execute(sql`UPDATE video SET draft = 1 WHERE id = ${top.id}`);
    await invalidateAnswers(bus, '');
    const hidden = await popular();
    expect(hidden.count).toBe(before.count - 1);
    expect(hidden.results.map((video) => video.id)).not.toContain(top.id);
    await database.db.execute(sql`UPDATE video SET draft = 0 WHERE id = ${top.id}`);
    await invalidateAnswers(bus, '');

    // A view counted by the page of a video: no change is announced, the count follows within 2 s.
    const second = (await popular()).results[1];
    if (second === undefined) throw new Error('no second video');
    const viewed = await app.inject({ method: 'PATCH', url: apiUrl('video', { params: { id: second.id } }) });
    expect(viewed.statusCode).toBe(200);
    const counted = Date.now();
    await expect
      .poll(async () => (await popular()).results.find((video) => video.id === second.id)?.prosmotri, {
        timeout: 3000,
        interval: 100,
      })
      .toBe(second.prosmotri + 1);
    expect(Date.now() - counted).toBeLessThan(2500);
  });
});
