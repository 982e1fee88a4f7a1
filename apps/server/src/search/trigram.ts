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
const codeSpace = alphabet * alphabet * alphabet;

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
function trigramsOf(text: string): number[] | undefined {
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
function takeQuery(trigrams: readonly number[]): number[] {
  const distinct: number[] = [];
  for (const trigram of trigrams) {
    if (queryIds[trigram] === -1) {
      queryIds[trigram] = distinct.length;
      distinct.push(trigram);
    }
  }
  return distinct;
}

function releaseQuery(distinct: readonly number[]): void {
  for (const trigram of distinct) queryIds[trigram] = -1;
}

/**
 * calc_word_similarity for the query taken by `takeQuery` (ulen1 distinct trigrams) and a word's
 * trigrams: each word trigram gets the number of its distinct trigram (trg2indexes), a query
 * trigram's being below ulen1, which stands for `found`.
 */
function similarityToQuery(word: ArrayLike<number>, ulen1: number, checkOnlyThreshold?: number): number {
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

interface Match {
  word: string;
  similarity: number;
}

/** ORDER BY word_similarity DESC, length(word), word COLLATE "C" (the words are ASCII, so code units are bytes). */
function byCloseness(a: Match, b: Match): number {
  if (a.similarity !== b.similarity) return b.similarity - a.similarity;
  if (a.word.length !== b.word.length) return a.word.length - b.word.length;
  return a.word < b.word ? -1 : a.word > b.word ? 1 : 0;
}

/** The first `wanted` matches in answer order among those offered, kept sorted. */
class Best {
  readonly matches: Match[] = [];
  readonly #wanted: number;

  constructor(wanted: number) {
    this.#wanted = wanted;
  }

  /** The similarity below which a word cannot enter: the last kept one's once there is no room left. */
  get floor(): number {
    const last = this.matches[this.#wanted - 1];
    return last === undefined ? -Infinity : last.similarity;
  }

  /** Whether a word scoring at most `bound` could still enter (ties are broken by length, then bytes). */
  couldTake(word: string, bound: number): boolean {
    const last = this.matches[this.#wanted - 1];
    return last === undefined || byCloseness({ word, similarity: bound }, last) < 0;
  }

  offer(word: string, similarity: number): void {
    if (!this.couldTake(word, similarity)) return;
    const match = { word, similarity };
    const matches = this.matches;
    let low = 0;
    let high = matches.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byCloseness(matches[middle] as Match, match) <= 0) low = middle + 1;
      else high = middle;
    }
    if (low >= this.#wanted) return;
    matches.splice(low, 0, match);
    if (matches.length > this.#wanted) matches.pop();
  }
}

/** Whether the first `length` ids of a posting (in increasing order) hold `id`. */
function contains(posting: Int32Array, length: number, id: number): boolean {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const found = posting[middle] as number;
    if (found === id) return true;
    if (found < id) low = middle + 1;
    else high = middle;
  }
  return false;
}

/**
 * The catalogue's words, indexed by their trigrams.
 *
 * Words of [a-z0-9]+ and any other ASCII words (e.g. 'ab-cd', 'efir.ru': pg_trgm reads them as
 * several words) are indexed and compared exactly. A word with a character outside ASCII is kept
 * aside: its trigrams depend on the database's locale and on a CRC that may equal any query
 * trigram, so no bound below 1 on its similarity is safe, and while any such word is held,
 * `closest` answers undefined (the caller then asks PostgreSQL).
 */
export class TrigramWords {
  readonly #words: string[] = [];
  readonly #trigrams: Int32Array[] = [];
  readonly #known = new Set<string>();
  /** Trigram → ids of the words that have it, each once, in increasing order. */
  readonly #postings: Int32Array[] = [];
  readonly #postingLengths = new Int32Array(codeSpace);
  readonly #keptAside: string[] = [];
  /** Shared trigrams per word id during one `closest` call; zero between calls. */
  #shared = new Uint32Array(1024);

  constructor(words: Iterable<string>) {
    for (const word of words) this.add(word);
  }

  /** How many distinct words are held, kept-aside ones included. */
  get size(): number {
    return this.#known.size;
  }

  /** The words that `closest` cannot compare (with characters outside ASCII). */
  get keptAside(): readonly string[] {
    return this.#keptAside;
  }

  /** Adds a word, as a new row of search_word would; a word already held is ignored. */
  add(word: string): void {
    if (this.#known.has(word)) return;
    this.#known.add(word);
    const trigrams = trigramsOf(word);
    if (trigrams === undefined) {
      this.#keptAside.push(word);
      return;
    }
    const id = this.#words.length;
    this.#words.push(word);
    this.#trigrams.push(Int32Array.from(trigrams));
    if (this.#shared.length <= id) {
      const grown = new Uint32Array(this.#shared.length * 2);
      grown.set(this.#shared);
      this.#shared = grown;
    }
    for (const trigram of new Set(trigrams)) {
      const length = this.#postingLengths[trigram] as number;
      let posting = this.#postings[trigram];
      if (posting === undefined || posting.length === length) {
        const grown = new Int32Array(Math.max(4, length * 2));
        if (posting !== undefined) grown.set(posting);
        this.#postings[trigram] = posting = grown;
      }
      posting[length] = id;
      this.#postingLengths[trigram] = length + 1;
    }
  }

  /**
   * The words w with wordSimilarity(query, w) >= threshold (compared as PostgreSQL compares its
   * float4 result with the double GUC value), most similar first, then shorter first, then in byte
   * order; at most `limit`. Exactly what this SQL returns on PostgreSQL with C collation:
   *   SELECT w.word FROM search_word w WHERE query <% w.word ORDER BY word_similarity(query, w.word) DESC, length(w.word), w.word LIMIT limit
   * with pg_trgm.word_similarity_threshold = threshold. Undefined when that answer cannot be known
   * here: a word outside ASCII is held (see the class), or the query is not ASCII. A threshold of 0
   * is answered as the operator answers on every row; PostgreSQL's trigram index, if its plan uses
   * one, then only returns the words sharing a trigram with the query.
   */
  closest(query: string, threshold: number, limit: number): string[] | undefined {
    if (this.#keptAside.length > 0) return undefined;
    const queryTrigrams = trigramsOf(query);
    if (queryTrigrams === undefined) return undefined;
    const wanted = Math.floor(limit);
    if (!(wanted > 0)) return [];

    const distinct = takeQuery(queryTrigrams);
    try {
      const best = new Best(wanted);
      if (threshold <= 0 || distinct.length === 0) this.#compareAll(distinct.length, threshold, best);
      else this.#compareSharing(distinct, threshold, best);
      return best.matches.map((match) => match.word);
    } finally {
      releaseQuery(distinct);
    }
  }

  /** With no threshold to prune by (or no query trigram, where every similarity is 0), every word is a candidate. */
  #compareAll(ulen1: number, threshold: number, best: Best): void {
    for (let id = 0; id < this.#words.length; id += 1) {
      const similarity = similarityToQuery(this.#trigrams[id] as Int32Array, ulen1);
      if (similarity >= threshold) best.offer(this.#words[id] as string, similarity);
    }
  }

  /**
   * Only words sharing enough trigrams with the query, most shared first: a word sharing `count`
   * of the query's ulen1 distinct trigrams scores at most count / ulen1 (a run holds at most that
   * many of them, and at least as many distinct trigrams as that), so once that is below both the
   * threshold and the last kept match, no later word can enter.
   */
  #compareSharing(distinct: readonly number[], threshold: number, best: Best): void {
    const ulen1 = distinct.length;
    const shared = this.#shared;
    const lengths = this.#postingLengths;
    // The fewest shared trigrams that can reach the threshold (float4 division, as PostgreSQL's).
    let least = 1;
    while (least < ulen1 && Math.fround(least / ulen1) < threshold) least += 1;

    // A word sharing `least` trigrams has one of the ulen1 - least + 1 rarest: only those lists
    // bring candidates; the common ones only add to the candidates' counts.
    const rarestFirst = [...distinct].sort((a, b) => (lengths[a] as number) - (lengths[b] as number));
    const bringing = ulen1 - least + 1;
    const touched: number[] = [];
    for (const [rank, trigram] of rarestFirst.entries()) {
      const posting = this.#postings[trigram];
      const length = lengths[trigram] as number;
      if (posting === undefined || length === 0) continue;
      if (rank < bringing) {
        for (let i = 0; i < length; i += 1) {
          const id = posting[i] as number;
          if (shared[id] === 0) touched.push(id);
          shared[id] = (shared[id] as number) + 1;
        }
      } else if (touched.length * Math.log2(length + 1) < length) {
        for (const id of touched) if (contains(posting, length, id)) shared[id] = (shared[id] as number) + 1;
      } else {
        for (let i = 0; i < length; i += 1) {
          const id = posting[i] as number;
          if (shared[id] !== 0) shared[id] = (shared[id] as number) + 1;
        }
      }
    }

    const bySharing: number[][] = [];
    for (let count = 0; count <= ulen1; count += 1) bySharing.push([]);
    for (const id of touched) {
      const count = shared[id] as number;
      shared[id] = 0;
      if (count >= least) (bySharing[count] as number[]).push(id);
    }

    for (let count = ulen1; count >= least; count -= 1) {
      const bound = Math.fround(count / ulen1);
      for (const id of bySharing[count] as number[]) {
        if (bound < best.floor) return;
        const word = this.#words[id] as string;
        if (!best.couldTake(word, bound)) continue;
        const similarity = similarityToQuery(this.#trigrams[id] as Int32Array, ulen1);
        if (similarity >= threshold) best.offer(word, similarity);
      }
    }
  }
}
