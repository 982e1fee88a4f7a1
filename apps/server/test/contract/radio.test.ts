import { calls } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { TestBrowser, call, raw } from './helpers.ts';

const site = useTestApp();

describe('radio catalogue calls', () => {
  it('GET /get/radio/category/all/ lists the radio categories', async () => {
    const { body } = await call(site().app, calls.radioCategories.response, { url: '/get/radio/category/all/' });
    expect(body.length).toBeGreaterThanOrEqual(4);
  });

  it('GET /get/radio/category/ pages published radios by 30, filters and sorts', async () => {
    const all = await call(site().app, calls.radioCatalogue.response, {
      url: '/get/radio/category/?category_id=&page=1',
    });
    expect(all.body.count).toBeGreaterThanOrEqual(70);
    expect(all.body.results).toHaveLength(30);
    const third = await call(site().app, calls.radioCatalogue.response, { url: '/get/radio/category/?page=3' });
    expect(third.body.results.length).toBeGreaterThan(0);
    const popular = await call(site().app, calls.radioCatalogue.response, {
      url: '/get/radio/category/?prosmotri=true',
    });
    const plays = popular.body.results.map((r) => r.prosmotri);
    expect(plays).toEqual([...plays].sort((a, b) => b - a));
    const inCategory = await call(site().app, calls.radioCatalogue.response, {
      url: '/get/radio/category/?category_id=3',
    });
    expect(inCategory.body.results.every((r) => r.category_id === 3)).toBe(true);
    expect((await raw(site().app, { url: '/get/radio/category/?page=x' })).status).toBe(400);
  });

  it('GET /get/radio/type/1/ and /2/ give popular programmes and songs', async () => {
    const programmes = await call(site().app, calls.popularProgrammes.response, { url: '/get/radio/type/1/' });
    const songs = await call(site().app, calls.popularSongs.response, { url: '/get/radio/type/2/' });
    expect(programmes.body.length).toBeGreaterThan(0);
    expect(songs.body.length).toBeGreaterThan(0);
    const songIds = new Set(songs.body.map((r) => r.id));
    expect(programmes.body.some((r) => songIds.has(r.id))).toBe(false);
    expect((await raw(site().app, { url: '/get/radio/type/3/' })).status).toBe(404);
  });

  it('GET /get/listing/radios/ gives named groups of radios', async () => {
    const { body } = await call(site().app, calls.radioListing.response, { url: '/get/listing/radios/' });
    expect(body.length).toBeGreaterThanOrEqual(3);
    expect(body.every((group) => group.name !== '' && group.radios.length > 0)).toBe(true);
  });

  it('PATCH /add/radio/history/{id}/ records one play per visitor', async () => {
    const listener = new TestBrowser(site().app);
    const first = await listener.request({ method: 'PATCH', url: '/add/radio/history/3/' });
    const again = await listener.request({ method: 'PATCH', url: '/add/radio/history/3/' });
    expect(first.status).toBe(200);
    const plays = (answer: typeof first): number => calls.radioPlay.response.parse(answer.json).prosmotri;
    expect(plays(again)).toBe(plays(first));
    const other = await new TestBrowser(site().app).request({ method: 'PATCH', url: '/add/radio/history/3/' });
    expect(plays(other)).toBe(plays(first) + 1);
    expect((await raw(site().app, { method: 'PATCH', url: '/add/radio/history/999999/' })).status).toBe(404);
  });
});
