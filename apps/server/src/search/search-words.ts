// The catalogue's Latin-script words (`search_word`) held in memory for the search indexes. The
// table only grows (a trigger adds an item's new words; nothing removes them), so its size says
// whether a reading is still whole: it is read again only when the count moved.
import { TrigramWords } from './trigram.ts';

export interface SearchWordSource {
  count: () => Promise<number>;
  all: () => Promise<string[]>;
}

export class SearchWords {
  private held: { count: number; words: TrigramWords } | undefined;
  private reading: Promise<TrigramWords> | undefined;
  private readonly source: SearchWordSource;

  constructor(source: SearchWordSource) {
    this.source = source;
  }

  /** The words as the database holds them now; concurrent callers share one reading. */
  current(): Promise<TrigramWords> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<TrigramWords> {
    const count = await this.source.count();
    if (this.held?.count === count) return this.held.words;
    const words = new TrigramWords(await this.source.all());
    this.held = { count, words };
    return words;
  }
}
