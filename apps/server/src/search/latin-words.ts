// The Latin-script half of search: items keep a Latin-script copy of their text, and a query's
// words are matched to that copy's words by trigrams (a typo, a Latin spelling of a Russian word).
import { toLatin } from '@efir/contract';

/** The Latin-script, lower-case copy of a text that trigram search compares. */
export function searchLatinOf(...texts: string[]): string {
  return toLatin(texts.join(' ')).toLowerCase();
}

/** Words a query word may be a typo or a Latin-script spelling of: the closest few. */
export const spellingsPerWord = 8;
/** Query words the Latin-script half looks up (a longer query is a sentence, not a search). */
const latinWordsAtMost = 8;

/**
 * The query's words for the Latin-script half: its Latin copy split as PostgreSQL's parser
 * splits it, each once; one- and two-letter words (prepositions, mostly) only when nothing
 * longer was asked.
 */
export function latinQueryWords(query: string): string[] {
  const words = [
    ...new Set(
      searchLatinOf(query)
        .split(/[^a-z0-9]+/u)
        .filter(Boolean),
    ),
  ];
  const long = words.filter((word) => word.length >= 3);
  return (long.length > 0 ? long : words).slice(0, latinWordsAtMost);
}
