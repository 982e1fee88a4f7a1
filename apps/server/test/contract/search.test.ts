import { calls, errorSchema } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { call, raw } from './helpers.ts';

const site = useTestApp();

const videos = (q: string, agent = 'searcher') =>
  call(site().app, calls.searchVideos.response, {
    url: `/search/videos/${encodeURIComponent(q)}/`,
    headers: { 'user-agent': agent },
  });
const radios = (q: string) =>
  call(site().app, calls.searchRadios.response, { url: `/search/radios/${encodeURIComponent(q)}/` });

describe('search', () => {
  it('finds videos by another form of a word and ranks the name match first', async () => {
    const { status, body } = await videos('Байкале');
    expect(status).toBe(200);
    expect(body[0]?.name).toMatch(/Байкал/u);
  });

  it('finds radios with ё written as е and the reverse', async () => {
    const a = await radios('елка');
    const b = await radios('Ёлка');
    expect(a.body.length).toBeGreaterThan(0);
    expect(b.body.map((r) => r.id)).toEqual(a.body.map((r) => r.id));
  });

  it('finds Cyrillic content from a Latin-script query and survives a typo', async () => {
    expect((await videos('moskva')).body.some((v) => /Москв/u.test(v.name))).toBe(true);
    expect((await videos('Масква')).body.some((v) => /Москв/u.test(v.name))).toBe(true);
  });

  it('answers an empty list for nonsense', async () => {
    expect((await videos('zzqqxxjj')).body).toEqual([]);
  });

  it.each([
    [' ', 'empty'],
    ['%20%20', 'empty'],
    ['я'.repeat(101), 'at most 100'],
  ])('refuses %j with a 400', async (q, detail) => {
    const answer = await raw(site().app, {
      url: `/search/videos/${q === ' ' ? '%20' : q.startsWith('%') ? q : encodeURIComponent(q)}/`,
    });
    expect(answer.status).toBe(400);
    expect(errorSchema.parse(answer.json).detail).toContain(detail);
  });

  it('recommends searches several visitors made that found something', async () => {
    const before = await call(site().app, calls.recommendedSearches.response, { url: '/get/search/recomended/' });
    expect(before.body.length).toBeGreaterThan(0);
    await videos('Кавказ', 'first visitor');
    await videos('кавказ', 'second visitor');
    await videos('кавказ', 'second visitor');
    await videos('ничегоненайдется', 'first visitor');
    await videos('ничегоненайдется', 'second visitor');
    await site().app.searchRecorder.flush();
    const after = await call(site().app, calls.recommendedSearches.response, { url: '/get/search/recomended/' });
    expect(after.body[0]).toEqual({ name: 'кавказ' });
    expect(after.body).not.toContainEqual({ name: 'ничегоненайдется' });
  });
});
