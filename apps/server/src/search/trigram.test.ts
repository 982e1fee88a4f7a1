// pg_trgm's word similarity in the process must give PostgreSQL's numbers and PostgreSQL's answer
// to the closest-words query exactly: the values below were read from PostgreSQL 15, and with
// TEST_DATABASE_URL set, thousands of generated pairs and queries are compared with the server.
import { toLatin } from '@efir/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyName } from '../../test/database.ts';
import { adminUrl, databaseUrl } from '../../test/postgres.ts';
import { TrigramWords } from './trigram.ts';
import { isWordSimilar, wordSimilarity } from './word-similarity.ts';

/** A repeatable sequence of numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stems = [
  'новост канал фильм сериал передач музык радио эфир погод спорт футбол хоккей москв',
  'петербург росси истори природ наук культур театр концерт песн мультфильм сказк',
  'документальн кин телевизор телевидени журналист ведущ выпуск утр вечер ноч недел год город',
  'деревн рек мор лес гор пол дорог поезд самолёт машин кухн рецепт здоровь врач школ',
  'университет студент учител дет семь любов друг жизн войн мир побед праздник новогодн',
  'рождеств весн лет осен зим солнц звезд космос планет животн собак кошк птиц рыб медвед',
  'волк лис заяц чемпионат олимпиад матч игр команд тренер гол щук жук ёлк юбиле объявлени',
  'подъезд шахмат чай хлеб царств',
]
  .join(' ')
  .split(' ');
const endings = ['', 'а', 'у', 'ом', 'е', 'и', 'ы', 'ов', 'ами', 'ах', 'ой', 'ая', 'ый', 'ие', 'ого'];

/** Latin spellings of Russian word forms, as the catalogue's Latin-script copy holds them. */
function russianWords(): string[] {
  const words = new Set<string>();
  for (const stem of stems) for (const ending of endings) words.add(toLatin(stem + ending).toLowerCase());
  return [...words].filter((word) => /^[a-z0-9]+$/u.test(word));
}

/** Made-up words of Russian-looking syllables, some with digits, for variety beyond the stems. */
function madeUpWords(random: () => number, count: number): string[] {
  const onsets = ['', ...'b v g d zh z k l m n p r s t kh ts ch sh st pr tr'.split(' ')];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'y', 'ia', 'iu'];
  const codas = ['', '', 'n', 'r', 'l', 's', 'k', 'm'];
  const pick = (items: readonly string[]) => items[Math.floor(random() * items.length)] as string;
  const words: string[] = [];
  for (let i = 0; i < count; i += 1) {
    let word = '';
    const syllables = 1 + Math.floor(random() * 4);
    for (let s = 0; s < syllables; s += 1) word += pick(onsets) + pick(vowels) + pick(codas);
    const digits = random();
    if (digits < 0.06) word += String(Math.floor(random() * 2030));
    else if (digits < 0.09) word = String(1 + Math.floor(random() * 9)) + word;
    words.push(word);
  }
  return words;
}

const latinLetters = 'abcdefghijklmnopqrstuvwxyz';

/** What a visitor may type for a word: a letter dropped, swapped, changed or added; a beginning; a middle part. */
function misspellings(word: string, random: () => number): string[] {
  const at = (limit: number) => Math.floor(random() * limit);
  const letter = () => latinLetters[at(latinLetters.length)] as string;
  const out: string[] = [];
  if (word.length > 1) {
    const i = at(word.length);
    out.push(word.slice(0, i) + word.slice(i + 1));
    const j = at(word.length - 1);
    out.push(word.slice(0, j) + word.charAt(j + 1) + word.charAt(j) + word.slice(j + 2));
    out.push(word.slice(0, 1 + at(word.length - 1)));
    const from = at(word.length - 1);
    out.push(word.slice(from, from + 2 + at(word.length - from - 1)));
  }
  const k = at(word.length);
  out.push(word.slice(0, k) + letter() + word.slice(k + 1));
  const m = at(word.length + 1);
  out.push(word.slice(0, m) + letter() + word.slice(m));
  out.push(word + String(at(100)));
  return out.filter((typed) => typed.length > 0);
}

/** Catalogue words that pg_trgm reads as several words (host names, hyphenated words, versions). */
const compoundWords = 'ab-cd x.y efir.ru moskva-reka tv-3 1.2.3 a_b www.efir.tv sankt-peterburg'.split(' ');

function byCloseness(query: string): (a: string, b: string) => number {
  return (a, b) => {
    const difference = wordSimilarity(query, b) - wordSimilarity(query, a);
    if (difference !== 0) return difference;
    if (a.length !== b.length) return a.length - b.length;
    return a < b ? -1 : a > b ? 1 : 0;
  };
}

/** The closest words by comparing the query with every word, to check the index against. */
function closestByScan(words: readonly string[], query: string, threshold: number, limit: number): string[] {
  return words
    .filter((word) => wordSimilarity(query, word) >= threshold)
    .sort(byCloseness(query))
    .slice(0, limit);
}

const random = randomFrom(20240615);
const baseWords = [...new Set([...russianWords(), ...madeUpWords(random, 3000)])];
const catalogue = [...baseWords.slice(0, 2990), ...compoundWords];
const queries = (() => {
  const picked = new Set<string>();
  const at = (limit: number) => Math.floor(random() * limit);
  while (picked.size < 150) {
    const options = misspellings(catalogue[at(catalogue.length)] as string, random);
    picked.add(options[at(options.length)] as string);
  }
  for (const typed of madeUpWords(random, 20)) picked.add(typed);
  for (const typed of ['a', 'k', 'z', 'tv', 'mo', '1', '3', '2024', 'kanal1', 'ab', 'cd', 'efir', 'reka', 'xy', 'x']) {
    picked.add(typed);
  }
  for (const word of baseWords.slice(2990, 3010)) picked.add(word);
  return [...picked];
})();

describe('wordSimilarity', () => {
  // Values as PostgreSQL 15.20 prints word_similarity(query, word).
  it.each([
    ['maskva', 'moskva', 0.42857143],
    ['mosvka', 'moskva', 0.42857143],
    ['moskca', 'moskva', 0.5714286],
    ['mskva', 'moskva', 0.5],
    ['mos', 'moskva', 0.75],
    ['moskva', 'moskvareka', 0.85714287],
    ['reka', 'moskvareka', 0.6],
    ['televizor', 'televidenie', 0.6],
    ['novosti', 'novost', 0.75],
    ['2024', 'tv2024', 0.6],
    ['kanal5', '5kanal', 0.42857143],
    ['1', 'tv1', 0],
    ['a', 'abc', 0.5],
    ['a', 'bab', 0],
    ['k', 'moskva', 0],
    ['x', 'x', 1],
    ['aaa', 'aaaa', 1],
    ['abab', 'ababab', 1],
    // Recurring trigrams, where how the best run's start moves decides the value.
    ['baabaa', 'ababaaabaaa', 0.5714286],
    ['aaba', 'abbbababba', 0.3],
    ['aababb', 'baabaaabbab', 0.4],
    ['aaabbb', 'baabaaaaa', 0.22222222],
    ['ab', 'ab-cd', 1],
    ['ru', 'efir.ru', 1],
    ['', 'abc', 0],
    ['abc', '', 0],
  ] as const)('word_similarity(%j, %j) = %s', (query, word, expected) => {
    expect(wordSimilarity(query, word)).toBe(Math.fround(expected));
  });

  it('answers `<%` as PostgreSQL does at the threshold (0.6 by default)', () => {
    expect(isWordSimilar('mos', 'moskva', 0.6)).toBe(true);
    expect(isWordSimilar('moskca', 'moskva', 0.6)).toBe(false);
    expect(isWordSimilar('maskva', 'moskva', 0.4)).toBe(true);
    expect(isWordSimilar('kanal5', '5kanal', 0.6)).toBe(false);
  });

  it('refuses text outside ASCII, whose trigrams depend on the database', () => {
    expect(() => wordSimilarity('кафе', 'kafe')).toThrow(RangeError);
  });
});

describe('TrigramWords', () => {
  const index = new TrigramWords(catalogue);

  it('finds what comparing with every word finds', () => {
    for (const query of queries.slice(0, 60)) {
      for (const threshold of [0.4, 0.6]) {
        expect(index.closest(query, threshold, 8), `${query} at ${threshold}`).toEqual(
          closestByScan(catalogue, query, threshold, 8),
        );
      }
    }
  });

  it('keeps words added later, once each', () => {
    const grown = new TrigramWords(catalogue.slice(0, 1000));
    for (const word of catalogue.slice(500)) grown.add(word);
    expect(grown.size).toBe(catalogue.length);
    for (const query of queries.slice(0, 30))
      expect(grown.closest(query, 0.4, 8)).toEqual(index.closest(query, 0.4, 8));
  });

  it('without a threshold to prune by, ranks every word', () => {
    const small = ['moskva', 'abc', 'b', 'ab-cd'];
    expect(new TrigramWords(small).closest('zzz', 0, 10)).toEqual(closestByScan(small, 'zzz', 0, 10));
    expect(new TrigramWords(small).closest('ab', 0.5, 0)).toEqual([]);
  });

  it('answers undefined while it holds a word outside ASCII', () => {
    const words = new TrigramWords(['moskva', 'pokemon']);
    expect(words.closest('moskva', 0.4, 8)).toEqual(['moskva']);
    words.add('pokémon');
    expect(words.keptAside).toEqual(['pokémon']);
    expect(words.closest('moskva', 0.4, 8)).toBeUndefined();
  });

  it('answers a query in well under a millisecond', () => {
    const started = performance.now();
    for (const query of queries) index.closest(query, 0.4, 8);
    expect((performance.now() - started) / queries.length).toBeLessThan(1);
  });
});

const admin = adminUrl();

describe.runIf(admin !== undefined)('against PostgreSQL', () => {
  const name = copyName();
  let client: pg.Client;

  beforeAll(async () => {
    const creator = new pg.Client({ connectionString: admin });
    await creator.connect();
    try {
      await creator.query(
        `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'`,
      );
    } finally {
      await creator.end();
    }
    client = new pg.Client({ connectionString: databaseUrl(admin as string, name) });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  });

  afterAll(async () => {
    await client.end();
    const dropper = new pg.Client({ connectionString: admin });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });

  it('gives word_similarity and `<%` exactly for thousands of pairs', async () => {
    const pairs: [string, string][] = [];
    const at = (limit: number) => Math.floor(random() * limit);
    for (const word of baseWords.slice(0, 450)) {
      for (const typed of misspellings(word, random)) pairs.push([typed, word]);
      pairs.push([word, baseWords[at(baseWords.length)] as string]);
    }
    for (const word of compoundWords) {
      for (const part of word.split(/[^a-z0-9]+/u)) pairs.push([part, word], [part.slice(0, 2), word]);
      pairs.push([word.replace(/[^a-z0-9]+/gu, ''), word]);
    }
    for (const query of queries) pairs.push([query, catalogue[at(catalogue.length)] as string]);
    // Words of two or three letters: their trigrams recur, which exercises how a run's start moves.
    const repetitive = (length: number, letters: string) =>
      Array.from({ length }, () => letters.charAt(at(letters.length))).join('');
    for (let i = 0; i < 6000; i += 1) {
      const letters = ['ab', 'abc', 'a1'][i % 3] as string;
      pairs.push([repetitive(1 + at(6), letters), repetitive(1 + at(12), letters)]);
    }
    expect(pairs.length).toBeGreaterThan(9000);

    for (const threshold of [0.4, 0.6]) {
      await client.query(`SET pg_trgm.word_similarity_threshold = ${threshold}`);
      for (let start = 0; start < pairs.length; start += 1000) {
        const batch = pairs.slice(start, start + 1000);
        const { rows } = await client.query<{ similarity: number; similar: boolean }>(
          `SELECT word_similarity(p.q, p.w)::float8 AS similarity, p.q <% p.w AS similar
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(q, w, i) ORDER BY p.i`,
          [batch.map(([query]) => query), batch.map(([, word]) => word)],
        );
        const ours = batch.map(([query, word]) => ({
          similarity: wordSimilarity(query, word),
          similar: isWordSimilar(query, word, threshold),
        }));
        const differing = ours
          .map((answer, i) => ({ pair: batch[i], ours: answer, postgres: rows[i] }))
          .filter(({ ours: answer, postgres }) => {
            return answer.similarity !== postgres?.similarity || answer.similar !== postgres.similar;
          });
        expect(differing).toEqual([]);
      }
    }
  });

  it('finds the closest words as the `<%` query does', async () => {
    await client.query('CREATE TEMP TABLE search_word (word text PRIMARY KEY)');
    await client.query('INSERT INTO search_word SELECT unnest($1::text[])', [catalogue]);
    await client.query('CREATE INDEX ON search_word USING gin (word gin_trgm_ops)');
    const index = new TrigramWords(catalogue);

    for (const threshold of [0.4, 0.6]) {
      await client.query(`SET pg_trgm.word_similarity_threshold = ${threshold}`);
      const { rows } = await client.query<{ words: string[] }>(
        `SELECT ARRAY(
           SELECT w.word FROM search_word w WHERE q.query <% w.word
           ORDER BY word_similarity(q.query, w.word) DESC, length(w.word), w.word COLLATE "C" LIMIT 8
         ) AS words
         FROM unnest($1::text[]) WITH ORDINALITY AS q(query, i) ORDER BY q.i`,
        [queries],
      );
      for (const [i, query] of queries.entries()) {
        const ours = index.closest(query, threshold, 8);
        if (ours === undefined) {
          // Only a word kept aside may stop it, and then one that PostgreSQL would consider.
          const kept = await client.query<{ best: number | null }>(
            'SELECT max(word_similarity($1, k))::float8 AS best FROM unnest($2::text[]) AS k',
            [query, index.keptAside],
          );
          expect(kept.rows[0]?.best ?? 0, query).toBeGreaterThanOrEqual(threshold);
        } else {
          expect(ours, `${query} at ${threshold}`).toEqual(rows[i]?.words);
        }
      }
    }
  });
});
