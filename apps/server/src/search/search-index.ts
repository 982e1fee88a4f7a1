// A catalogue's search answered from memory: the same two halves, the same matches and the same
// ranking as the database's search (`repositories/search.ts`), over the vectors the database
// computed for each item, so a node answers a search without a query. A query the index does not
// cover (quotes, `-`, `or`, punctuation inside words, a compound spelling) is left to the
// database.
import { searchResultsMax } from '@efir/contract';
import { latinQueryWords, spellingsPerWord } from './latin-words.ts';
import { parseTextVector, russianQueryLexemes, type TextVector, textRank } from './text-search.ts';
import type { TrigramWords } from './trigram.ts';

/** A catalogue word that the database's query parser reads as one lexeme, itself. */
const simpleWord = /^[a-z0-9]+$/u;

/** An item's search texts as the database prints its tsvectors. */
export interface SearchText {
  /** The Russian full-text vector (`search_vector`). */
  russian: string;
  /** The Latin-script copy's words (`latin_vector`). */
  latin: string;
}

export interface SearchableItem<T> {
  item: T;
  id: number;
  /** Views or plays: equal ranks fall by it. */
  popularity: number;
  text: SearchText;
}

interface Entry<T> {
  item: T;
  id: number;
  popularity: number;
  russian: TextVector;
  latin: TextVector;
}

type Postings<T> = Map<string, Entry<T>[]>;

function post<T>(postings: Postings<T>, vector: TextVector, entry: Entry<T>): void {
  for (const lexeme of vector.keys()) {
    const list = postings.get(lexeme);
    if (list === undefined) postings.set(lexeme, [entry]);
    else list.push(entry);
  }
}

/** Parsed vectors by their text, so a reading of unchanged items parses nothing again. */
export type ParsedVectors = Map<string, TextVector>;

function parsedOnce(text: string, previous: ParsedVectors | undefined, parsed: ParsedVectors): TextVector {
  let vector = parsed.get(text) ?? previous?.get(text);
  if (vector === undefined) vector = parseTextVector(text);
  parsed.set(text, vector);
  return vector;
}

export class SearchIndex<T> {
  /** This index's parsed vectors, for the next index to reuse. */
  readonly parsed: ParsedVectors = new Map();
  private readonly russian: Postings<T> = new Map();
  private readonly latin: Postings<T> = new Map();
  private readonly words: TrigramWords;
  private readonly threshold: number;

  constructor(
    items: readonly SearchableItem<T>[],
    words: TrigramWords,
    options: { wordSimilarityThreshold: number; previous?: ParsedVectors },
  ) {
    this.words = words;
    this.threshold = options.wordSimilarityThreshold;
    for (const { item, id, popularity, text } of items) {
      const entry: Entry<T> = {
        item,
        id,
        popularity,
        russian: parsedOnce(text.russian, options.previous, this.parsed),
        latin: parsedOnce(text.latin, options.previous, this.parsed),
      };
      post(this.russian, entry.russian, entry);
      post(this.latin, entry.latin, entry);
    }
  }

  /** The items the database's search answers, in its order; undefined when the database must answer. */
  search(query: string): T[] | undefined {
    const lexemes = russianQueryLexemes(query);
    if (lexemes === undefined) return undefined;
    const asked = latinQueryWords(query);
    const spellings: string[][] = [];
    for (const word of asked) {
      const close = this.words.closest(word, this.threshold, spellingsPerWord);
      // A compound spelling ('varene-piatiminutku') is a phrase of its parts in the database's
      // query, which this index does not evaluate.
      if (close === undefined || !close.every((spelling) => simpleWord.test(spelling))) return undefined;
      spellings.push(close);
    }
    const every = this.ranked(lexemes, spellings, 'every');
    if (every.length > 0 || asked.length < 2) return every;
    return this.ranked(lexemes, spellings, 'some');
  }

  /** Items with every query lexeme, or whose Latin words answer the spellings, ranked as the database ranks them. */
  private ranked(lexemes: string[], spellings: string[][], words: 'every' | 'some'): T[] {
    const found = spellings.filter((alternatives) => alternatives.length > 0);
    // The database's Latin-script query: every asked word's spellings ANDed, or the words that
    // have spellings ORed; none when a word has none (every) or no word has any.
    const latin = found.length === 0 || (words === 'every' && found.length < spellings.length) ? undefined : found;
    const candidates = new Set<Entry<T>>();
    for (const entry of this.withEvery(lexemes)) candidates.add(entry);
    if (latin !== undefined) {
      const groups = latin.map((alternatives) => this.withAny(alternatives));
      if (words === 'some') for (const group of groups) for (const entry of group) candidates.add(entry);
      else
        for (const entry of groups.reduce(
          (all, group) => all.filter((entry) => group.has(entry)),
          [...(groups[0] ?? [])],
        ))
          candidates.add(entry);
    }
    const russianTop = lexemes.length >= 2 ? 'and' : 'or';
    const latinOperands = latin?.flat() ?? [];
    const latinTop = words === 'every' && (latin?.length ?? 0) >= 2 ? 'and' : 'or';
    const scored = [...candidates].map((entry) => ({
      entry,
      rank:
        textRank(entry.russian, lexemes, russianTop) * 4 +
        (latin === undefined ? 0 : textRank(entry.latin, latinOperands, latinTop)),
    }));
    scored.sort((a, b) => b.rank - a.rank || b.entry.popularity - a.entry.popularity || b.entry.id - a.entry.id);
    return scored.slice(0, searchResultsMax).map(({ entry }) => entry.item);
  }

  /** Items holding every lexeme (none for no lexeme: a query of stop words alone matches nothing). */
  private withEvery(lexemes: string[]): Entry<T>[] {
    if (lexemes.length === 0) return [];
    const lists = lexemes.map((lexeme) => this.russian.get(lexeme) ?? []).sort((a, b) => a.length - b.length);
    const [shortest, ...others] = lists;
    if (shortest === undefined) return [];
    const sets = others.map((list) => new Set(list));
    return shortest.filter((entry) => sets.every((set) => set.has(entry)));
  }

  private withAny(words: string[]): Set<Entry<T>> {
    const entries = new Set<Entry<T>>();
    for (const word of words) for (const entry of this.latin.get(word) ?? []) entries.add(entry);
    return entries;
  }
}
