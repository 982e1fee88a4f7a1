// The search index's full-text functions give what the database gives: the lexemes of
// websearch_to_tsquery('russian', …) for plain queries, and ts_rank to the last bit of its float4.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { parseTextVector, russianQueryLexemes, textRank } from '../src/search/text-search.ts';
import { describeOnBackends, testDatabase } from './database.ts';

function sequence(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat in short cycles.
    return Math.floor(state / 65536) % below;
  };
}

const englishWords = [
  'jazz',
  'running',
  'generously',
  'news',
  'the',
  'and',
  'classical',
  'national',
  'studies',
  'flies',
  'dying',
  'cities',
  'happiness',
  'broadcasting',
];

describeOnBackends('full text', (backend) => {
  let database: Database;
  let russianWords: string[];
  beforeAll(async () => {
    database = await testDatabase(backend, 'seeded');
    const texts = await database.db.execute<{ text: string }>(
      sql`SELECT name || ' ' || description AS text FROM video UNION ALL SELECT name || ' ' || author FROM radio`,
    );
    russianWords = [
      ...new Set(texts.rows.flatMap((row) => row.text.toLowerCase().match(/[а-яё]+/gu) ?? [])),
      'ёлки',
      'её',
      'ещё',
    ];
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads a plain query into the lexemes websearch_to_tsquery ANDs', async () => {
    const next = sequence(5);
    const pick = (): string => {
      const kind = next(10);
      if (kind < 6) return russianWords[next(russianWords.length)] ?? 'кино';
      if (kind < 8) return englishWords[next(englishWords.length)] ?? 'jazz';
      if (kind < 9) return String(next(3000));
      return ['и', 'в', 'не', 'the', 'a'][next(5)] ?? 'и';
    };
    const queries = Array.from({ length: 600 }, () => {
      const words = Array.from({ length: 1 + next(4) }, pick);
      return words.map((word) => (next(5) === 0 ? word.toUpperCase() : word)).join(' ');
    });
    const answers = await database.db.execute<{ q: string; lexemes: string }>(
      sql`SELECT q, websearch_to_tsquery('russian'::regconfig, translate(q, 'ёЁ', 'еЕ'))::text AS lexemes
          FROM jsonb_array_elements_text(${JSON.stringify(queries)}::jsonb) q`,
    );
    expect(answers.rows).toHaveLength(queries.length);
    for (const { q, lexemes } of answers.rows) {
      const mine = russianQueryLexemes(q);
      expect(mine, q).toBeDefined();
      expect((mine ?? []).map((lexeme) => `'${lexeme}'`).join(' & '), q).toBe(lexemes);
    }
  });

  it('leaves to the database what its parser decides', () => {
    for (const query of ['санкт-петербург', '"кино"', '-кино', 'кино or театр', 'efir.ru', 'tvрадио', 'т34', 'x+y'])
      expect(russianQueryLexemes(query), query).toBeUndefined();
  });

  it('ranks as ts_rank does, for AND and OR queries, with words found, missing and repeated', async () => {
    const next = sequence(9);
    const text = (): string =>
      Array.from({ length: 1 + next(25) }, () => russianWords[next(russianWords.length)] ?? 'кино').join(' ');
    const documents = Array.from({ length: 150 }, () => ({ name: text(), description: text() }));
    const vectors = await database.db.execute<{ vector: string }>(
      sql`SELECT (setweight(to_tsvector('russian', name), 'A') || setweight(to_tsvector('russian', description), 'B'))::text AS vector
          FROM jsonb_to_recordset(${JSON.stringify(documents)}::jsonb) AS d(name text, description text)`,
    );
    const cases = vectors.rows.flatMap(({ vector }) => {
      const lexemes = [...parseTextVector(vector).keys()];
      return Array.from({ length: 6 }, () => {
        const operands = Array.from({ length: 1 + next(4) }, () =>
          next(4) === 0 ? `нет${String(next(3))}` : (lexemes[next(lexemes.length)] ?? 'кино'),
        );
        const top: 'and' | 'or' = next(2) === 0 ? 'and' : 'or';
        return {
          vector,
          operands,
          top,
          query: operands.map((word) => `'${word}'`).join(top === 'and' ? ' & ' : ' | '),
        };
      });
    });
    const ranks = await database.db.execute<{ rank: string }>(
      sql`SELECT ts_rank(c.vector::tsvector, c.query::tsquery)::text AS rank
          FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(cases)}::jsonb) AS (vector text, query text))
            WITH ORDINALITY AS c(vector, query, n)
          ORDER BY c.n`,
    );
    expect(ranks.rows).toHaveLength(cases.length);
    ranks.rows.forEach(({ rank }, index) => {
      const asked = cases[index];
      if (asked === undefined) throw new Error(`no case ${String(index)}`);
      const { vector, operands, top, query } = asked;
      const mine = textRank(parseTextVector(vector), operands, operands.length >= 2 ? top : 'or');
      expect(mine, `${query} on ${vector}`).toBe(Math.fround(Number(rank)));
    });
  });
});
