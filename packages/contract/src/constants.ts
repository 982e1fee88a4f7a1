// The contract's plain values, free of zod, so that the web app can import them without the
// schemas (it types itself from the schemas at compile time only).

export const apiPrefix = '/api/v1';
export const pageSize = 30;
export const searchQueryMaxLength = 100;
export const chatNameMaxLength = 32;
export const chatMessageMaxLength = 500;
/** What a chat name or message may not hold: C0/C1 controls and the bidirectional overrides that can disguise text. */
export const chatForbiddenCharacters = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const locales = ['ru-cyrl', 'ru-latn'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ru-cyrl';

export function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}
