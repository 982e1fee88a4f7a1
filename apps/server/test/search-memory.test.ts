// Searches answered from each node's memory are, byte for byte, the database's answers: the
// same items in the same order for Russian word forms, ё and е, Latin spellings, typos, stop
// words, several words (every one, else some), in both scripts; a query the index leaves to the
// database is still answered, by the database.
import { apiUrl, calls, type Locale, toLatin } from '@efir/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Bus, inProcessBus } from '../src/bus/bus.ts';
import { type CataloguePages, cataloguePages } from '../src/catalogue/catalogue-pages.ts';
import type { Database } from '../src/db/database.ts';
import { invalidateAnswers } from '../src/plugins/answer-cache.ts';
import { searchRadios, searchVideos } from '../src/repositories/search.ts';
import { toRadio, toVideo } from '../src/repositories/wire.ts';
import { buildTestSite } from './app.ts';
import { describeOnBackends, testDatabase } from './database.ts';
import { siteBytes } from './site-bytes.ts';

/** A repeatable sequence, so that a failure names a query that fails again. */
function sequence(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat in short cycles.
    return Math.floor(state / 65536) % below;
  };
}

/** A typo: a letter dropped, doubled, swapped with the next or replaced. */
function typo(word: string, next: (below: number) => number): string {
  const at = next(word.length);
  const letters = Array.from(word);
  switch (next(4)) {
    case 0:
      letters.splice(at, 1);
      break;
    case 1:
      letters.splice(at, 0, letters[at] ?? 'a');
      break;
    case 2:
      [letters[at], letters[at + 1]] = [letters[at + 1] ?? '', letters[at] ?? ''];
      break;
    default:
      letters[at] = 'aeiouy'[next(6)] ?? 'a';
  }
  return letters.join('');
}

/** Queries built from the catalogue's own words, as visitors type them, and some that miss. */
function queriesOf(texts: string[]): string[] {
  const next = sequence(11);
  const words = [
    ...new Set(
      texts
        .join(' ')
        .toLowerCase()
        .match(/[а-яёa-z0-9]+/gu) ?? [],
    ),
  ];
  const pick = (): string => words[next(words.length)] ?? 'кино';
  const queries = new Set<string>([
    'москва',
    'maskva',
    'Москве',
    'фильм о москве',
    'и в на',
    'the',
    'ёлка',
    'елка',
    'кино',
    'kino',
    'новости спорт',
    'zzzz',
    'щщщщ',
    '2024',
    'jazz',
  ]);
  for (let i = 0; i < 120; i += 1) {
    const count = 1 + next(3);
    const chosen = Array.from({ length: count }, pick);
    const form = next(5);
    const query =
      form === 0
        ? chosen.map((word) => toLatin(word).toLowerCase()).join(' ')
        : form === 1
          ? chosen.map((word) => typo(toLatin(word).toLowerCase(), next)).join(' ')
          : form === 2
            ? chosen.map((word) => (word.length > 4 ? word.slice(0, -1) : word)).join(' ')
            : form === 3
              ? [...chosen, 'непохожееслово'].join(' ')
              : chosen.join(' ');
    queries.add(next(4) === 0 ? query.toUpperCase() : query);
  }
  return [...queries];
}

/** Queries the database's parser decides: each is left to it. */
const databaseQueries = ['санкт-петербург', '"новости"', 'кино -спорт', 'кино or театр', 'jazz-band', 'efir.ru'];

describeOnBackends('search from memory', (backend) => {
  let database: Database;
  let bus: Bus;
  let app: FastifyInstance;
  let pages: CataloguePages;
  let queries: string[];
  beforeAll(async () => {
    database = await testDatabase(backend, 'seeded');
    // Equal views and plays, so that ties fall by id as in the database.
    await database.db.execute(sql`UPDATE video SET views = 7 WHERE id % 4 = 0`);
    await database.db.execute(sql`UPDATE radio SET plays = 3 WHERE id % 3 = 0`);
    bus = inProcessBus();
    app = await buildTestSite(database.db, bus);
    await app.ready();
    pages = await cataloguePages({ db: database.db, bus, freshMs: 60_000, toLatin });
    const texts = await database.db.execute<{ text: string }>(
      sql`SELECT name || ' ' || description AS text FROM video UNION ALL SELECT name || ' ' || author FROM radio`,
    );
    queries = queriesOf(texts.rows.map((row) => row.text));
  });
  afterAll(async () => {
    await app.close();
    await bus.close();
    await database.close();
  });

  /** The answer as the site writes it from the database's rows: its serializer's bytes. */
  const catalogues = {
    video: {
      memory: () => pages.videos,
      path: (q: string) => apiUrl('searchVideos', { params: { q } }),
      fromDatabase: async (query: string, locale: Locale) =>
        siteBytes(calls.searchVideos.response, (await searchVideos(database.db, query)).map(toVideo), locale),
    },
    radio: {
      memory: () => pages.radios,
      path: (q: string) => apiUrl('searchRadios', { params: { q } }),
      fromDatabase: async (query: string, locale: Locale) =>
        siteBytes(calls.searchRadios.response, (await searchRadios(database.db, query)).map(toRadio), locale),
    },
  };

  it.each(['video', 'radio'] as const)('answers every %s search as the database does', async (kind) => {
    const { memory, fromDatabase } = catalogues[kind];
    let foundSomething = 0;
    let fromMemory = 0;
    for (const query of queries) {
      const answer = await memory().search(query, 'ru-cyrl');
      if (answer === undefined) continue;
      fromMemory += 1;
      expect(answer.json, `«${query}»`).toBe(await fromDatabase(query, 'ru-cyrl'));
      if (answer.found > 0) foundSomething += 1;
    }
    // Nearly all are answered from memory (the rest come close to a compound word such as
    // «варенье-пятиминутку»); most find something, some find nothing.
    expect(fromMemory).toBeGreaterThan(queries.length * 0.8);
    expect(foundSomething).toBeGreaterThan(fromMemory / 2);
    expect(foundSomething).toBeLessThan(fromMemory);
  });

  it('answers through the site in both scripts, and leaves what the index does not cover to the database', async () => {
    for (const kind of ['video', 'radio'] as const) {
      const { memory, path, fromDatabase } = catalogues[kind];
      for (const query of [...queries.slice(0, 20), ...databaseQueries]) {
        for (const locale of ['ru-cyrl', 'ru-latn'] as const) {
          const response = await app.inject({ url: path(query), headers: { 'accept-language': locale } });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(response.body, `«${query}» ${locale}`).toBe(await fromDatabase(query, locale));
        }
      }
      for (const query of databaseQueries) expect(await memory().search(query, 'ru-cyrl'), query).toBeUndefined();
    }
  });

  it('finds an item published since, once the change is announced', async () => {
    const before = await pages.videos.search('кинопробы', 'ru-cyrl');
    expect(before?.found).toBe(0);
    await database.db.execute(
      sql`UPDATE video SET name = 'Кинопробы', search_latin = ${toLatin('Кинопробы').toLowerCase()} WHERE id = (SELECT min(id) FROM video WHERE draft = 0)`,
    );
    await invalidateAnswers(bus, '');
    const after = await pages.videos.search('kinoproby', 'ru-cyrl');
    expect(after?.found).toBe(1);
    expect(after?.json).toBe(await catalogues.video.fromDatabase('kinoproby', 'ru-cyrl'));
  });
});
