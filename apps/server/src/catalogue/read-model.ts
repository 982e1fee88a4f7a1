// A catalogue page without a query: each node keeps the published items of a catalogue in memory
// (a `Listing`), read again from the database when it is older than the answers may be (the view
// counts lag at most that much) or when what it shows changed, and pages it. Each item's answer
// JSON is checked against the contract and encoded once per reading and script, so a page costs a
// slice and a join. A search is answered from the same reading by a search index built at its
// first search. A catalogue larger than `maxItems` is not kept: its pages and searches come from
// the database, as before.
import type { Locale } from '@efir/contract';
import type { PageOrder } from '../repositories/prepared.ts';
import { type ParsedVectors, SearchIndex } from '../search/search-index.ts';
import type { TrigramWords } from '../search/trigram.ts';
import { Listing, type Ranked } from './listing.ts';

/** What searching a catalogue from memory needs besides its items. */
export interface SearchOptions<T> {
  /** The catalogue's Latin-script words, as the database holds them now. */
  words: () => Promise<TrigramWords>;
  id: (item: T) => number;
  /** Views or plays. */
  popularity: (item: T) => number;
  wordSimilarityThreshold: number;
}

export interface ReadModelOptions<T> {
  /** The published items with their ranks, or 'too many' when there are more than `limit`. */
  load: (limit: number) => Promise<Ranked<T>[] | 'too many'>;
  /** An item's answer JSON in a script, checked against the contract. */
  encode: (item: T, locale: Locale) => string;
  /** How old a reading may be when it answers. */
  freshMs: number;
  /** The most items kept in memory. */
  maxItems: number;
  /** How long a catalogue found larger than `maxItems` is left to the database before it is counted again. */
  recountMs?: number;
  search?: SearchOptions<T>;
  now?: () => number;
}

interface Reading<T> {
  /** Undefined when the catalogue was larger than the read model keeps. */
  listing: Listing<T> | undefined;
  readAt: number;
  generation: number;
  encoded: Record<Locale, Map<T, string>>;
  /** Built at this reading's first search. */
  index?: Promise<SearchIndex<T> | undefined>;
}

export interface PageAsked {
  order: PageOrder;
  category: number | undefined;
  page: number;
  size: number;
}

export class CatalogueReadModel<T> {
  private reading: Reading<T> | undefined;
  private loading: { generation: number; reading: Promise<Reading<T>> } | undefined;
  /** Moves on at every change: a reading begun before a change never answers after it. */
  private generation = 0;
  private readonly now: () => number;
  private readonly options: ReadModelOptions<T>;
  /** The last search index's parsed vectors, for the next one to reuse. */
  private parsedVectors: ParsedVectors | undefined;

  constructor(options: ReadModelOptions<T>) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** What the catalogue shows changed: the next page reads it again. */
  changed(): void {
    this.generation += 1;
  }

  /** A page's answer JSON (`{"count":…,"results":[…]}`), or undefined when the database must answer. */
  async page(asked: PageAsked, locale: Locale): Promise<string | undefined> {
    const reading = await this.current();
    if (reading.listing === undefined) return undefined;
    const { count, items } = reading.listing.page(asked.order, asked.category, asked.page, asked.size);
    return `{"count":${String(count)},"results":[${this.encodedItems(reading, items, locale).join(',')}]}`;
  }

  /**
   * A search's answer JSON (the items found, as an array) and how many it found, or undefined when
   * the database must answer: a catalogue not kept, or a query the index leaves to the database.
   */
  async search(query: string, locale: Locale): Promise<{ json: string; found: number } | undefined> {
    const search = this.options.search;
    if (search === undefined) return undefined;
    const reading = await this.current();
    const listing = reading.listing;
    if (listing === undefined) return undefined;
    if (reading.index === undefined) {
      const index = this.indexOf(listing, search);
      reading.index = index;
      // A failed build (the words could not be read) is not kept: the next search tries again.
      index.catch(() => {
        if (reading.index === index) reading.index = undefined;
      });
    }
    const items = (await reading.index)?.search(query);
    if (items === undefined) return undefined;
    return { json: `[${this.encodedItems(reading, items, locale).join(',')}]`, found: items.length };
  }

  private async indexOf(listing: Listing<T>, search: SearchOptions<T>): Promise<SearchIndex<T> | undefined> {
    const words = await search.words();
    const items = [];
    for (const { item, text } of listing.entries) {
      if (text === undefined) return undefined;
      items.push({ item, id: search.id(item), popularity: search.popularity(item), text });
    }
    const index = new SearchIndex(items, words, {
      wordSimilarityThreshold: search.wordSimilarityThreshold,
      previous: this.parsedVectors,
    });
    this.parsedVectors = index.parsed;
    return index;
  }

  private encodedItems(reading: Reading<T>, items: readonly T[], locale: Locale): string[] {
    const encoded = reading.encoded[locale];
    return items.map((item) => {
      let json = encoded.get(item);
      if (json === undefined) {
        json = this.options.encode(item, locale);
        encoded.set(item, json);
      }
      return json;
    });
  }

  private current(): Reading<T> | Promise<Reading<T>> {
    const reading = this.reading;
    const generation = this.generation;
    if (reading !== undefined && reading.generation === generation) {
      const age = this.now() - reading.readAt;
      if (age < (reading.listing === undefined ? (this.options.recountMs ?? 60_000) : this.options.freshMs))
        return reading;
    }
    if (this.loading?.generation !== generation) {
      const loading = { generation, reading: this.read(generation) };
      this.loading = loading;
      // A failed reading is not kept: the next page tries again.
      loading.reading.then(
        () => undefined,
        () => {
          if (this.loading === loading) this.loading = undefined;
        },
      );
    }
    return this.loading.reading;
  }

  private async read(generation: number): Promise<Reading<T>> {
    // Its age counts from before the query: what it holds is at least that old.
    const readAt = this.now();
    const entries = await this.options.load(this.options.maxItems);
    const reading: Reading<T> = {
      listing: entries === 'too many' ? undefined : new Listing(entries),
      readAt,
      generation,
      encoded: { 'ru-cyrl': new Map(), 'ru-latn': new Map() },
    };
    if (this.generation === generation) this.reading = reading;
    if (this.loading?.generation === generation) this.loading = undefined;
    return reading;
  }
}
