import { calls, errorSchema } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { call, raw } from './helpers.ts';

const site = useTestApp();

describe('GET /get/all/category/', () => {
  it('lists the video categories', async () => {
    const { status, body } = await call(site().app, calls.videoCategories.response, { url: '/get/all/category/' });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(6);
  });
});

describe('GET /get/all/video/category/', () => {
  const page = (query: string) =>
    call(site().app, calls.videoCatalogue.response, { url: `/get/all/video/category/?${query}` });

  it('answers {count, results} of 30 published videos, empty category meaning all', async () => {
    const { status, body } = await page('category_id=&prosmotri=&date_added=&page=1');
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThanOrEqual(70);
    expect(body.results).toHaveLength(30);
    expect(body.results.every((video) => video.draft === 0)).toBe(true);
    expect((await page('')).body).toEqual(body);
  });

  it('has at least three pages, and an empty page past the end', async () => {
    const { body } = await page('page=3');
    expect(body.results.length).toBeGreaterThan(0);
    const past = await page('page=40');
    expect(past.body).toEqual({ count: body.count, results: [] });
  });

  it('sorts by views with prosmotri=true and newest first with date_added=true', async () => {
    const popular = (await page('prosmotri=true')).body.results.map((v) => v.prosmotri);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
    const newest = (await page('date_added=True')).body.results.map((v) => v.date_added);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('filters by category', async () => {
    const { body } = await page('category_id=2');
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((video) => video.category_id === 2)).toBe(true);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['category_id=abc', 'category_id'],
    ['category_id=0', 'category_id'],
    ['prosmotri=maybe', 'prosmotri'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const { status, json } = await raw(site().app, { url: `/get/all/video/category/?${query}` });
    expect(status).toBe(400);
    expect(errorSchema.parse(json).detail).toContain(field);
  });
});

describe('PATCH /get/video/{pk}/', () => {
  it('returns the video and counts one view per visitor', async () => {
    const cookie = 'efir_visitor=forged.value';
    const first = await call(site().app, calls.video.response, {
      method: 'PATCH',
      url: '/get/video/4/',
      headers: { cookie },
    });
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(4);
    const visitor = String(first.headers['set-cookie']).split(';')[0] ?? '';
    expect(visitor).toMatch(/^efir_visitor=[\w-]{22}\.[0-9a-z]+\.[\w-]+$/u);
    const again = await call(site().app, calls.video.response, {
      method: 'PATCH',
      url: '/get/video/4/',
      headers: { cookie: visitor },
    });
    expect(again.body.prosmotri).toBe(first.body.prosmotri);
    expect(again.headers['set-cookie']).toBeUndefined();
    const other = await call(site().app, calls.video.response, {
      method: 'PATCH',
      url: '/get/video/4/',
      headers: { 'user-agent': 'another browser' },
    });
    expect(other.body.prosmotri).toBe(first.body.prosmotri + 1);
  });

  it('answers 404 for a missing video and 400 for a bad id', async () => {
    expect((await raw(site().app, { method: 'PATCH', url: '/get/video/999999/' })).status).toBe(404);
    expect((await raw(site().app, { method: 'PATCH', url: '/get/video/abc/' })).status).toBe(400);
    expect((await raw(site().app, { method: 'PATCH', url: '/get/video/99999999999/' })).status).toBe(400);
  });

  it('keeps the trailing slash of the spec', async () => {
    expect((await raw(site().app, { method: 'PATCH', url: '/get/video/4' })).status).toBe(404);
  });
});

describe('GET /get/related/list/{pk}/', () => {
  it('lists other published videos of the same category', async () => {
    const video = await call(site().app, calls.video.response, { method: 'PATCH', url: '/get/video/5/' });
    const { status, body } = await call(site().app, calls.relatedVideos.response, { url: '/get/related/list/5/' });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((v) => v.category_id === video.body.category_id && v.id !== 5 && v.draft === 0)).toBe(true);
    expect((await raw(site().app, { url: '/get/related/list/999999/' })).status).toBe(404);
  });
});

describe('GET /get/main/list/', () => {
  it('gives a row of videos per category', async () => {
    const { body } = await call(site().app, calls.mainList.response, { url: '/get/main/list/' });
    expect(body.length).toBeGreaterThanOrEqual(6);
    expect(body.every((row) => row.videos.length > 0)).toBe(true);
  });
});
