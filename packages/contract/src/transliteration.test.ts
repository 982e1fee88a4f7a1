import { describe, expect, it } from 'vitest';
import { toLatin, toLatinDeep } from './transliteration.ts';

describe('toLatin (ICAO Doc 9303)', () => {
  it('transliterates every letter of the alphabet', () => {
    expect(toLatin('абвгдеёжзийклмнопрстуфхцчшщъыьэюя')).toBe('abvgdeezhziiklmnoprstufkhtschshshchieyeiuia');
  });

  it('keeps the case of a capitalised word and of an all-caps word', () => {
    expect(toLatin('Щукин')).toBe('Shchukin');
    expect(toLatin('ЩУКИН')).toBe('SHCHUKIN');
    expect(toLatin('Юлия Цветаева')).toBe('Iuliia Tsvetaeva');
    expect(toLatin('Эфир')).toBe('Efir');
    expect(toLatin('ЭФИР')).toBe('EFIR');
  });

  it('handles a single capital letter alone and inside a word', () => {
    expect(toLatin('Я')).toBe('Ia');
    expect(toLatin('ТВ-Ж')).toBe('TV-Zh');
    expect(toLatin('Ж. Петров')).toBe('Zh. Petrov');
  });

  it('leaves Latin, digits, punctuation and URLs untouched', () => {
    expect(toLatin('/media/v/12/master.m3u8')).toBe('/media/v/12/master.m3u8');
    expect(toLatin('2026-11-22 «Эфир» №1!')).toBe('2026-11-22 «Efir» №1!');
  });

  it('drops the soft sign and writes the hard sign as ie', () => {
    expect(toLatin('Объявление о льготах')).toBe('Obieiavlenie o lgotakh');
  });
});

describe('toLatinDeep', () => {
  it('turns every string of a JSON value and keeps keys, numbers, booleans and nulls', () => {
    const value = { name: 'Москва', list: [{ author: { name: 'Анна' } }], count: 3, ok: true, none: null };
    expect(toLatinDeep(value)).toEqual({
      name: 'Moskva',
      list: [{ author: { name: 'Anna' } }],
      count: 3,
      ok: true,
      none: null,
    });
  });
});
