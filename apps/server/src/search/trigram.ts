// An index of the catalogue's words for pg_trgm's `<%` (word-similarity.ts): the closest words
// to a query word, in PostgreSQL's order, found from the trigrams' postings without comparing the
// query with every word.
import { codeSpace, releaseQuery, similarityToQuery, takeQuery, trigramsOf } from './word-similarity.ts';

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
