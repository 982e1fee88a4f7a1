// PostgreSQL's full text search as the site's search asks it, in plain functions: the words a
// query stands for (websearch_to_tsquery with the russian configuration), a tsvector as the
// database prints it, and ts_rank with its default weights. Each node's search index answers
// with them exactly what the database answers; a query they do not cover goes to the database.
import { createRequire } from 'node:module';
import { englishStopWords, russianStopWords } from './stop-words.ts';

interface Stemmer {
  stem(word: string): string;
}
// The Snowball project's stemmers compiled to JavaScript (a CommonJS module without types): the
// algorithms PostgreSQL's russian_stem and english_stem dictionaries run.
const snowball = createRequire(import.meta.url)('snowball-stemmers') as {
  newStemmer(language: 'russian' | 'english'): Stemmer;
};
const russian = snowball.newStemmer('russian');
const english = snowball.newStemmer('english');

/** A lexeme's positions, each `position << 2 | weight` (weight 3 = A … 0 = D), as PostgreSQL keeps them. */
export type TextVector = ReadonlyMap<string, Int32Array>;

/** The text search configuration's word kinds the index handles; anything else the database parses. */
const cyrillicWord = /^[а-яе]+$/u;
const latinWord = /^[a-z]+$/u;
const number = /^[0-9]{1,15}$/u;

/**
 * The lexemes `websearch_to_tsquery('russian', query)` ANDs together, for a query of plain words
 * (Cyrillic, Latin or digits, separated by spaces, with ё read as е); stop words are dropped.
 * Undefined for anything else (quotes, `-`, `or`, hyphens, mixed scripts, punctuation): the
 * database's parser decides those.
 */
export function russianQueryLexemes(query: string): string[] | undefined {
  const lexemes: string[] = [];
  for (const raw of query.replace(/ё/gu, 'е').replace(/Ё/gu, 'Е').split(' ')) {
    const word = raw.toLowerCase();
    if (word === '' || word === 'or') return undefined;
    if (number.test(word)) lexemes.push(word);
    else if (cyrillicWord.test(word)) {
      if (!russianStopWords.has(word)) lexemes.push(russian.stem(word));
    } else if (latinWord.test(word)) {
      if (!englishStopWords.has(word)) lexemes.push(english.stem(word));
    } else return undefined;
  }
  return lexemes;
}

/** A tsvector from its text form (`'lexeme':1A,5 'other':3`). */
export function parseTextVector(text: string): TextVector {
  const vector = new Map<string, Int32Array>();
  let at = 0;
  while (at < text.length) {
    if (text[at] === ' ') {
      at += 1;
      continue;
    }
    if (text[at] !== "'") throw new Error(`not a tsvector at ${String(at)}: ${text.slice(at, at + 20)}`);
    let lexeme = '';
    at += 1;
    for (;;) {
      const char = text[at];
      if (char === undefined) throw new Error('unterminated lexeme in a tsvector');
      // The text form doubles quotes and backslashes inside a lexeme.
      if ((char === "'" || char === '\\') && text[at + 1] === char) {
        lexeme += char;
        at += 2;
      } else if (char === "'") {
        at += 1;
        break;
      } else {
        lexeme += char;
        at += 1;
      }
    }
    const positions: number[] = [];
    if (text[at] === ':') {
      at += 1;
      for (;;) {
        let position = 0;
        while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) {
          position = position * 10 + text.charCodeAt(at) - 48;
          at += 1;
        }
        const weightLetter = text[at];
        const weight = weightLetter === 'A' ? 3 : weightLetter === 'B' ? 2 : weightLetter === 'C' ? 1 : 0;
        if (weightLetter === 'A' || weightLetter === 'B' || weightLetter === 'C' || weightLetter === 'D') at += 1;
        positions.push((position << 2) | weight);
        if (text[at] !== ',') break;
        at += 1;
      }
    }
    vector.set(lexeme, Int32Array.from(positions));
  }
  return vector;
}

const f = Math.fround;
/** ts_rank's default weights for D, C, B and A, as float4. */
const weights = [f(0.1), f(0.2), f(0.4), f(1)];
/** Positions past this are kept as it (PostgreSQL's MAXENTRYPOS). */
const maxEntryPosition = 1 << 14;
/** A lexeme kept without positions ranks as if it stood at the last position. */
const noPositions = Int32Array.of((maxEntryPosition - 1) << 2);

const weightOf = (entry: number): number => weights[entry & 3] ?? 0;
const positionOf = (entry: number): number => entry >> 2;

/** Byte order of UTF-8 strings, then length: how PostgreSQL sorts a query's operands. */
function compareOperands(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function wordDistance(distance: number): number {
  if (distance > 100) return f(1e-30);
  return f(1 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}

/** calc_rank_or: each operand found scores by its positions' weights; the sum over the operands. */
function rankOr(vector: TextVector, operands: readonly string[]): number {
  let rank = 0;
  for (const operand of operands) {
    const found = vector.get(operand);
    if (found === undefined) continue;
    const positions = found.length === 0 ? noPositions : found;
    let sum = 0;
    let top = -1;
    let topAt = 0;
    for (let j = 0; j < positions.length; j += 1) {
      const weight = weightOf(positions[j] ?? 0);
      sum = f(sum + f(weight / ((j + 1) * (j + 1))));
      if (weight > top) {
        top = weight;
        topAt = j;
      }
    }
    rank = f(rank + f(f(top + sum) - f(top / ((topAt + 1) * (topAt + 1)))) / 1.64493406685);
  }
  return operands.length > 0 ? f(rank / operands.length) : rank;
}

/** calc_rank_and: every pair of operands found scores by how close their positions stand. */
function rankAnd(vector: TextVector, operands: readonly string[]): number {
  let rank = -1;
  const found: (Int32Array | undefined)[] = [];
  for (let i = 0; i < operands.length; i += 1) {
    const entry = vector.get(operands[i] ?? '');
    if (entry === undefined) {
      found.push(undefined);
      continue;
    }
    const positions = entry.length === 0 ? noPositions : entry;
    found.push(positions);
    for (let k = 0; k < i; k += 1) {
      const other = found[k];
      if (other === undefined) continue;
      for (const here of positions) {
        for (const there of other) {
          let distance = Math.abs(positionOf(here) - positionOf(there));
          if (distance === 0 && positions !== noPositions && other !== noPositions) continue;
          if (distance === 0) distance = maxEntryPosition;
          const weight = f(Math.sqrt(f(f(weightOf(here) * weightOf(there)) * wordDistance(distance))));
          rank = rank < 0 ? weight : f(1 - (1 - rank) * (1 - weight));
        }
      }
    }
  }
  return rank;
}

/**
 * `ts_rank(vector, query)` (float4) for a query of `operands` whose top operator is AND (`and`)
 * or anything else (`or`): PostgreSQL ranks by the operands alone, once each.
 */
export function textRank(vector: TextVector, operands: readonly string[], top: 'and' | 'or'): number {
  if (vector.size === 0 || operands.length === 0) return 0;
  const unique = [...new Set(operands)].sort(compareOperands);
  const rank = top === 'and' && unique.length >= 2 ? rankAnd(vector, unique) : rankOr(vector, unique);
  return rank < 0 ? f(1e-20) : rank;
}
