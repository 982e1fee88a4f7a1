import { describe, expect, it } from 'vitest';
import { normalisedLink, pageAddress } from './pages.ts';

describe('page addresses', () => {
  it('names the pages, bare and under an allowed locale', () => {
    expect(pageAddress('/')).toEqual({ kind: 'page', locale: undefined, path: '/' });
    expect(pageAddress('/catalog/')).toEqual({ kind: 'page', locale: undefined, path: '/catalog' });
    expect(pageAddress('/ru-latn')).toEqual({ kind: 'page', locale: 'ru-latn', path: '/' });
    expect(pageAddress('/ru-latn/radio/program')).toEqual({ kind: 'page', locale: 'ru-latn', path: '/radio/program' });
    expect(pageAddress('/video/item/12')).toEqual({ kind: 'page', locale: undefined, path: '/video/item/12' });
  });

  it('takes any other first segment before a page for a locale to replace', () => {
    expect(pageAddress('/xx/catalog')).toEqual({ kind: 'wrong-locale', path: '/catalog' });
    expect(pageAddress('/en-us/tv')).toEqual({ kind: 'wrong-locale', path: '/tv' });
    expect(pageAddress('/whatever/video/item/3')).toEqual({ kind: 'wrong-locale', path: '/video/item/3' });
    expect(pageAddress('/en')).toEqual({ kind: 'wrong-locale', path: '/' });
  });

  it('anything else is missing', () => {
    for (const path of [
      '/nope-page-here',
      '/catalog/extra',
      '/ru-latn/nope',
      '/video/item/0',
      '/video/item/x',
      '/a/b/c',
    ]) {
      expect(pageAddress(path), path).toEqual({ kind: 'missing' });
    }
  });
});

describe('normalisedLink', () => {
  it('keeps a page of the site as the URL parser reads it, and an https address whole', () => {
    expect(normalisedLink('')).toBe('');
    expect(normalisedLink('/catalog')).toBe('/catalog');
    expect(normalisedLink('/catalog?tab=2#top')).toBe('/catalog?tab=2#top');
    expect(normalisedLink('/radio/../tv')).toBe('/tv');
    expect(normalisedLink('/поиск')).toBe('/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA');
    expect(normalisedLink('https://example.org/a b'.replace(' ', '%20'))).toBe('https://example.org/a%20b');
    expect(normalisedLink('HTTPS://Example.org')).toBe('https://example.org/');
  });

  it('refuses what a browser reads as another host or another scheme', () => {
    for (const link of [
      '/\\evil.example/',
      '/\\\\evil.example',
      '//evil.example/',
      '/\t/evil.example',
      'http://example.org',
      'javascript:alert(1)',
      'evil.example',
      ' /catalog',
      '/cat alog',
      'https://',
    ]) {
      expect(normalisedLink(link), link).toBeUndefined();
    }
  });
});
