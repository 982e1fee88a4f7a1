// The chats' word list: a post with a listed word or phrase is held for review or refused. Words
// are matched whole, whatever their case, ё or е, and script: a word is compared in the site's
// Latin (ru-latn), so «Ёлка», «елка», «ЕЛКА» and «elka» are one word, and so is a Cyrillic word
// with a Latin look-alike letter in it. Accents and compatibility forms (full-width, math letters)
// come off first.
import { toLatin } from '@efir/contract';

export type WordMode = 'hold' | 'refuse';

export interface ListedWord {
  /** `wordKey` of the entry. */
  key: string;
  mode: WordMode;
}

/** The words of a text as the list compares them: letters and digits only, lower case, Latin. */
function wordsOf(text: string): string[] {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return toLatin(plain)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** What an entry is matched as, and its identity: two spellings with one key are one entry. */
export function wordKey(entry: string): string {
  return wordsOf(entry).join(' ');
}

/** The strictest mode among the entries one of `texts` has whole, or undefined when none has one.
 * A phrase never runs from one text into the next. */
export function matchWordList(texts: readonly string[], list: readonly ListedWord[]): WordMode | undefined {
  const words = texts.map((text) => ` ${wordsOf(text).join(' ')} `).join('|');
  let found: WordMode | undefined;
  for (const entry of list) {
    if (entry.key === '' || !words.includes(` ${entry.key} `)) continue;
    if (entry.mode === 'refuse') return 'refuse';
    found = 'hold';
  }
  return found;
}
