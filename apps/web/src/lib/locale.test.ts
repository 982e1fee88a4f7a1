import { describe, expect, it } from 'vitest';
import { nextLocale, resolveLocale, splitLocale, withLocale } from './locale.ts';

describe('locale', () => {
  it('switches to the next script, round', () => {
    expect(nextLocale('ru-cyrl')).toBe('ru-latn');
    expect(nextLocale('ru-latn')).toBe('ru-cyrl');
  });

  it('splits an allowed locale off the path', () => {
    expect(splitLocale('/ru-latn/catalog')).toEqual({ locale: 'ru-latn', unknown: undefined, rest: '/catalog' });
    expect(splitLocale('/ru-cyrl')).toEqual({ locale: 'ru-cyrl', unknown: undefined, rest: '/' });
    expect(splitLocale('/tv')).toEqual({ locale: undefined, unknown: undefined, rest: '/tv' });
    expect(splitLocale('/')).toEqual({ locale: undefined, unknown: undefined, rest: '/' });
  });

  it('recognises any other first segment before a page as a locale that is not allowed', () => {
    expect(splitLocale('/en-us/video/item/3')).toEqual({ locale: undefined, unknown: 'en-us', rest: '/video/item/3' });
    expect(splitLocale('/xx/catalog')).toEqual({ locale: undefined, unknown: 'xx', rest: '/catalog' });
    expect(splitLocale('/nowhere/at/all')).toEqual({ locale: undefined, unknown: undefined, rest: '/nowhere/at/all' });
  });

  it('prefixes paths only when the URL carries a locale', () => {
    expect(withLocale('/catalog', undefined)).toBe('/catalog');
    expect(withLocale('/catalog', 'ru-latn')).toBe('/ru-latn/catalog');
    expect(withLocale('/', 'ru-latn')).toBe('/ru-latn');
  });

  it('prefers the URL, then the stored choice, then ru-cyrl', () => {
    expect(resolveLocale('ru-latn', 'ru-cyrl')).toBe('ru-latn');
    expect(resolveLocale(undefined, 'ru-latn')).toBe('ru-latn');
    expect(resolveLocale(undefined, 'en')).toBe('ru-cyrl');
    expect(resolveLocale(undefined, null)).toBe('ru-cyrl');
  });
});
