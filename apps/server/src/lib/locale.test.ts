import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './locale.ts';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'ru-cyrl'],
    ['', 'ru-cyrl'],
    ['ru-latn', 'ru-latn'],
    ['RU-Latn', 'ru-latn'],
    ['ru-cyrl', 'ru-cyrl'],
    ['en-US,en;q=0.9', 'ru-cyrl'],
    ['ru-cyrl;q=0.4, ru-latn;q=0.8', 'ru-latn'],
    ['ru-latn;q=0, ru-cyrl', 'ru-cyrl'],
    ['ru-latn;q=abc', 'ru-cyrl'],
  ] as const)('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
