import { describe, expect, it } from 'vitest';
import { type ListedWord, matchWordList, wordKey } from './word-list.ts';

const list = (entries: Record<string, 'hold' | 'refuse'>): ListedWord[] =>
  Object.entries(entries).map(([word, mode]) => ({ key: wordKey(word), mode }));

describe('the chats’ word list', () => {
  it('matches whole words only, whatever the case', () => {
    const words = list({ дурак: 'hold' });
    expect(matchWordList(['Ну ты ДУРАК!'], words)).toBe('hold');
    expect(matchWordList(['дурак'], words)).toBe('hold');
    expect(matchWordList(['дураков не сеют'], words)).toBeUndefined();
    expect(matchWordList(['недурак'], words)).toBeUndefined();
  });

  it('takes ё for е, the Latin spelling for the Cyrillic one, and a look-alike letter for its twin', () => {
    const words = list({ ёлка: 'refuse' });
    expect(matchWordList(['какая елка'], words)).toBe('refuse');
    expect(matchWordList(['kakaia elka'], words)).toBe('refuse');
    expect(matchWordList(['Ёлкa'], words)).toBe('refuse');
    expect(wordKey('ЁЛКА')).toBe(wordKey('elka'));
  });

  it('drops accents and compatibility forms', () => {
    const words = list({ spam: 'hold' });
    expect(matchWordList(['ｓｐａｍ here'], words)).toBe('hold');
    expect(matchWordList(['spám'], words)).toBe('hold');
  });

  it('matches a phrase as its words in a row, across punctuation', () => {
    const words = list({ 'купи слона': 'hold' });
    expect(matchWordList(['Все говорят: купи, слона!'], words)).toBe('hold');
    expect(matchWordList(['купи у нас слона'], words)).toBeUndefined();
  });

  it('never runs a phrase from the name into the message', () => {
    const words = list({ 'купи слона': 'hold', казино: 'refuse' });
    expect(matchWordList(['Купи', 'слона продаю'], words)).toBeUndefined();
    expect(matchWordList(['Казино', 'привет'], words)).toBe('refuse');
  });

  it('refusal wins over holding', () => {
    const words = list({ реклама: 'hold', казино: 'refuse' });
    expect(matchWordList(['реклама казино'], words)).toBe('refuse');
    expect(matchWordList(['реклама'], words)).toBe('hold');
    expect(matchWordList(['ничего такого'], words)).toBeUndefined();
  });
});
