// pg_trgm's word similarity (PostgreSQL 15, contrib/pg_trgm/trgm_op.c) computed in the process, so
// that the closest catalogue words to a query word can be found without a round trip to the
// database, with exactly the answer and order the `<%` query in PostgreSQL would give.
//
// pg_trgm splits a text into words of letters and digits (KEEPONLYALNUM), folds them to lower case
// (IGNORECASE), pads each with two spaces before and one after (LPADDING 2, RPADDING 1) and takes
// every three consecutive characters. Only whether two trigrams are equal matters to the
// similarity, not their sort order, so ASCII trigrams are numbered here by their three characters.

/** The characters of an ASCII trigram: the padding space, 0-9 and a-z. */
const alphabet = 37;
export const codeSpace = alphabet * alphabet * alphabet;

/** The character's place in the alphabet, upper case folded; -1 for a character that separates words. */
function charIndex(code: number): number {
  if (code >= 97 && code <= 122) return code - 86; // a-z: 11..36
  if (code >= 48 && code <= 57) return code - 47; // 0-9: 1..10
  if (code >= 65 && code <= 90) return code - 54; // A-Z as a-z
  return -1;
}

/**
 * The trigrams of an ASCII text in pg_trgm's order (word by word, unsorted, with repeats), as
 * numbers below `codeSpace`; undefined for a text with other characters, whose words and trigrams
 * depend on the database's locale (which characters are letters) and on a CRC of the bytes.
 */
export function trigramsOf(text: string): number[] | undefined {
  const trigrams: number[] = [];
  let first = 0;
  let second = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 127) return undefined;
    const index = charIndex(code);
    if (index < 0) {
      if (inWord) trigrams.push((first * alphabet + second) * alphabet);
      inWord = false;
      continue;
    }
    if (!inWord) {
      first = 0;
      second = 0;
      inWord = true;
    }
    trigrams.push((first * alphabet + second) * alphabet + index);
    first = second;
    second = index;
  }
  if (inWord) trigrams.push((first * alphabet + second) * alphabet);
  return trigrams;
}

/** CALCSML with DIVUNION: float4 arithmetic, as in C. */
function calcSml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

// Scratch space shared by all calls (JavaScript runs one at a time), so that a comparison
// allocates nothing.
/** Each query trigram's number 0..ulen1-1 while a query is being compared, else -1. */
const queryIds = new Int32Array(codeSpace).fill(-1);
/** The number given to a trigram absent from the query, valid where `otherStamps` holds the current stamp. */
const otherIds = new Int32Array(codeSpace);
const otherStamps = new Int32Array(codeSpace);
let stamp = 0;
let wordIndexes = new Int32Array(64);
let lastPositions = new Int32Array(128);

/**
 * Numbers the query's distinct trigrams 0..ulen1-1 in `queryIds` and returns them (ulen1 is their
 * count); `releaseQuery` must be given them back.
 */
export function takeQuery(trigrams: readonly number[]): number[] {
  const distinct: number[] = [];
  for (const trigram of trigrams) {
    if (queryIds[trigram] === -1) {
      queryIds[trigram] = distinct.length;
      distinct.push(trigram);
    }
  }
  return distinct;
}

export function releaseQuery(distinct: readonly number[]): void {
  for (const trigram of distinct) queryIds[trigram] = -1;
}

/**
 * calc_word_similarity for the query taken by `takeQuery` (ulen1 distinct trigrams) and a word's
 * trigrams: each word trigram gets the number of its distinct trigram (trg2indexes), a query
 * trigram's being below ulen1, which stands for `found`.
 */
export function similarityToQuery(word: ArrayLike<number>, ulen1: number, checkOnlyThreshold?: number): number {
  const len2 = word.length;
  if (wordIndexes.length < len2) wordIndexes = new Int32Array(len2 * 2);
  stamp += 1;
  if (stamp === 0x7fffffff) {
    otherStamps.fill(0);
    stamp = 1;
  }
  let next = ulen1;
  for (let i = 0; i < len2; i += 1) {
    const trigram = word[i] as number;
    const queryId = queryIds[trigram] as number;
    if (queryId >= 0) {
      wordIndexes[i] = queryId;
    } else if (otherStamps[trigram] === stamp) {
      wordIndexes[i] = otherIds[trigram] as number;
    } else {
      otherStamps[trigram] = stamp;
      otherIds[trigram] = next;
      wordIndexes[i] = next;
      next += 1;
    }
  }
  return iterateWordSimilarity(wordIndexes, ulen1, len2, next, checkOnlyThreshold);
}

/**
 * iterate_word_similarity in its plain (not strict) mode: the greatest similarity of the query to
 * a run of the word's trigrams that starts and ends with a query trigram. With
 * `checkOnlyThreshold` (WORD_SIMILARITY_CHECK_ONLY, as the `<%` operator runs it) it stops as soon
 * as a run reaches the threshold, so its answer is then only good for comparing with it.
 */
function iterateWordSimilarity(
  trg2indexes: Int32Array,
  ulen1: number,
  len2: number,
  len: number,
  checkOnlyThreshold: number | undefined,
): number {
  const checkOnly = checkOnlyThreshold !== undefined;
  const threshold = checkOnlyThreshold ?? 0;
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let smlrMax = 0;

  if (lastPositions.length < len) lastPositions = new Int32Array(len * 2);
  const lastpos = lastPositions;
  lastpos.fill(-1, 0, len);

  for (let i = 0; i < len2; i += 1) {
    const trgindex = trg2indexes[i] as number;
    const found = trgindex < ulen1;

    // Last position of this trigram; before the first query trigram nothing counts.
    if (lower >= 0 || found) {
      if ((lastpos[trgindex] as number) < 0) {
        ulen2 += 1;
        if (found) count += 1;
      }
      lastpos[trgindex] = i;
    }

    // A query trigram can end the run: try it with every later start.
    if (found) {
      const upper = i;
      if (lower === -1) {
        lower = i;
        ulen2 = 1;
      }

      let smlrCur = calcSml(count, ulen1, ulen2);

      let tmpCount = count;
      let tmpUlen2 = ulen2;
      const prevLower = lower;
      for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
        const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
        if (smlrTmp > smlrCur) {
          smlrCur = smlrTmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
        if (checkOnly && smlrCur >= threshold) break;

        const tmpTrgindex = trg2indexes[tmpLower] as number;
        if (lastpos[tmpTrgindex] === tmpLower) {
          tmpUlen2 -= 1;
          if (tmpTrgindex < ulen1) tmpCount -= 1;
        }
      }

      smlrMax = smlrMax > smlrCur ? smlrMax : smlrCur;
      if (checkOnly && smlrMax >= threshold) break;

      // Trigrams left behind by the moved start no longer count.
      for (let tmpLower = prevLower; tmpLower < lower; tmpLower += 1) {
        const tmpTrgindex = trg2indexes[tmpLower] as number;
        if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
      }
    }
  }
  return smlrMax;
}

function asciiTrigrams(text: string, role: string): number[] {
  const trigrams = trigramsOf(text);
  if (trigrams === undefined) throw new RangeError(`the ${role} must be ASCII text: ${JSON.stringify(text)}`);
  return trigrams;
}

function compare(query: string, word: string, checkOnlyThreshold?: number): number {
  const wordTrigrams = asciiTrigrams(word, 'word');
  const distinct = takeQuery(asciiTrigrams(query, 'query'));
  try {
    return similarityToQuery(wordTrigrams, distinct.length, checkOnlyThreshold);
  } finally {
    releaseQuery(distinct);
  }
}

/**
 * pg_trgm's word_similarity(query, word) as PostgreSQL 15 computes it, as a float4 value
 * (Math.fround). Both arguments are lower-case words of [a-z0-9] only; any ASCII text is computed
 * exactly too (other characters separate words, upper case is folded); other text throws a
 * RangeError.
 */
export function wordSimilarity(query: string, word: string): number {
  return compare(query, word);
}

/**
 * `query <% word` with pg_trgm.word_similarity_threshold = threshold: computed as the operator
 * does, stopping as soon as the threshold is reached (the same answer as comparing
 * `wordSimilarity` with it).
 */
export function isWordSimilar(query: string, word: string, threshold: number): boolean {
  return compare(query, word, threshold) >= threshold;
}
