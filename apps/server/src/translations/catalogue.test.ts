import { describe, expect, it } from 'vitest';
import { deriveLatin, loadCatalogues } from './catalogue.ts';

describe('translation catalogues', () => {
  const catalogues = loadCatalogues();

  it('have the same keys in both scripts', () => {
    expect(Object.keys(catalogues['ru-latn']).sort()).toEqual(Object.keys(catalogues['ru-cyrl']).sort());
  });

  it('leave no Cyrillic letter in ru-latn', () => {
    const cyrillic = Object.entries(catalogues['ru-latn']).filter(([, text]) => /[\u0400-\u04ff]/u.test(text));
    expect(cyrillic).toEqual([]);
  });

  it('derive ru-latn by transliteration, overrides first', () => {
    expect(catalogues['ru-latn']['nav.catalog']).toBe('Katalog');
    expect(catalogues['ru-latn']['header.script_switch']).toBe('Kirillitsa');
    expect(catalogues['ru-cyrl']['cookies.accept']).toBe('Хорошо');
  });

  it('refuse an override of a key ru-cyrl lacks', () => {
    expect(() => deriveLatin({ a: 'а' }, { b: 'b' })).toThrow('b');
  });
});
