/**
 * Settings every database session starts with. Search matches a word by trigrams when its
 * similarity to the query is at least this (pg_trgm's `<%` operator, which the trigram index
 * serves; one wrong letter in a six-letter word scores about 0.43).
 */
export const wordSimilarityThreshold = 0.4;

export const sessionSettings: Readonly<Record<string, string>> = {
  'pg_trgm.word_similarity_threshold': String(wordSimilarityThreshold),
};
