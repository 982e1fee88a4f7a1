import { calls, errorSchema } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { call, raw } from './helpers.ts';

const site = useTestApp();

describe('GET /translations/{locale}/', () => {
  it('gives the Cyrillic and the Latin catalogues with the same keys', async () => {
    const cyrl = await call(site().app, calls.translations.response, { url: '/translations/ru-cyrl/' });
    const latn = await call(site().app, calls.translations.response, {
      url: '/translations/ru-latn/',
      headers: { 'accept-language': 'ru-latn' },
    });
    expect(cyrl.body['cookies.accept']).toBe('Хорошо');
    expect(latn.body['cookies.accept']).toBe('Khorosho');
    expect(Object.keys(latn.body)).toEqual(Object.keys(cyrl.body));
  });

  it('answers 404 for any other locale', async () => {
    for (const locale of ['en', 'ru', 'RU-CYRL', 'ru-latn-x', '..%2F..%2Fetc']) {
      const answer = await raw(site().app, { url: `/translations/${locale}/` });
      expect(answer.status).toBe(404);
      expect(errorSchema.parse(answer.json).detail).toMatch(/ru-cyrl or ru-latn/u);
    }
  });
});

describe('Accept-Language: ru-latn', () => {
  const cyrillic = /[\u0400-\u04ff]/u;
  const urls = [
    '/get/all/category/',
    '/get/all/video/category/?page=1',
    '/get/radio/category/?page=1',
    '/get/radio/category/all/',
    '/get/radio/type/1/',
    '/get/listing/radios/',
    '/get/main/list/',
    '/get/slideshow/radios/True/',
    '/get/about/main/',
    '/get/oprosnik/',
    '/get/teleprogram/list/',
    '/get/teleprogram/videos/withads/4/',
    '/get/radioprogram/radios/withads/4/',
    '/chat/teleprogram/4/',
    '/search/videos/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0/',
    '/get/search/recomended/',
    '/translations/ru-latn/',
  ];

  it.each(urls)('%s answers in the Latin script only', async (url) => {
    const latin = await raw(site().app, { url, headers: { 'accept-language': 'ru-latn' } });
    expect(latin.status).toBe(200);
    expect(latin.response.headers['content-language']).toBe('ru-latn');
    expect(latin.response.headers.vary).toMatch(/Accept-Language/iu);
    expect(latin.response.body).not.toMatch(cyrillic);
    const plain = await raw(site().app, { url });
    expect(plain.response.headers['content-language']).toBe('ru-cyrl');
    if (!url.includes('ru-latn')) expect(plain.response.body).toMatch(cyrillic);
  });

  it('transliterates by ICAO Doc 9303', async () => {
    const { body } = await call(site().app, calls.videoCategories.response, {
      url: '/get/all/category/',
      headers: { 'accept-language': 'ru-latn' },
    });
    const names = body.map((c) => c.name);
    expect(names).toContain('Kulinariia');
  });
});
