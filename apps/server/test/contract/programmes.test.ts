import { calls, errorSchema } from '@efir/contract';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/lib/clock.ts';
import { useTestApp } from '../app.ts';
import { call, raw } from './helpers.ts';

const today = inject('seededToday');
// The clock at noon (Moscow) of the day the demo was written for.
const site = useTestApp({ clock: () => new Date(`${today}T09:00:00Z`) });

describe('teleprogram', () => {
  it('GET /get/teleprogram/list/ lists the days from three days ago to three days ahead', async () => {
    const { body } = await call(site().app, calls.teleprogramList.response, { url: '/get/teleprogram/list/' });
    expect(body.map((day) => day.date_to_start)).toEqual([-3, -2, -1, 0, 1, 2, 3].map((d) => addDays(today, d)));
    expect(body.map((day) => day.status)).toEqual([4, 4, 4, 1, 0, 0, 0]);
  });

  it('GET /get/teleprogram/list/filter/{index}/ gives the days within index days of today', async () => {
    const one = await call(site().app, calls.teleprogramListFilter.response, {
      url: '/get/teleprogram/list/filter/1/',
    });
    expect(one.body.map((day) => day.date_to_start)).toEqual([addDays(today, -1), today, addDays(today, 1)]);
    const zero = await call(site().app, calls.teleprogramListFilter.response, {
      url: '/get/teleprogram/list/filter/0/',
    });
    expect(zero.body.map((day) => day.date_to_start)).toEqual([today]);
    expect((await raw(site().app, { url: '/get/teleprogram/list/filter/-1/' })).status).toBe(400);
    expect((await raw(site().app, { url: '/get/teleprogram/list/filter/400/' })).status).toBe(400);
  });

  it('GET /get/teleprogram/videos/{dayId}/ lists the day without ads; withads adds them and show', async () => {
    const days = await call(site().app, calls.teleprogramList.response, { url: '/get/teleprogram/list/' });
    const todayId = days.body.find((day) => day.date_to_start === today)?.id;
    const pastId = days.body[0]?.id;
    const plain = await call(site().app, calls.teleprogramVideos.response, {
      url: `/get/teleprogram/videos/${todayId}/`,
    });
    const withAds = await call(site().app, calls.teleprogramVideosWithAds.response, {
      url: `/get/teleprogram/videos/withads/${todayId}/`,
    });
    expect(plain.body.results.length).toBeGreaterThan(50);
    expect(withAds.body.results.length).toBeGreaterThan(plain.body.results.length);
    expect(withAds.body.show).toBe(true);
    const plainIds = new Set(plain.body.results.map((item) => item.id));
    expect(withAds.body.results.filter((item) => plainIds.has(item.id))).toEqual(plain.body.results);
    expect(plain.body.results.some((item) => /^\d{2}:\d{2}:\d{2}$/u.test(item.time_to_start))).toBe(true);
    const past = await call(site().app, calls.teleprogramVideosWithAds.response, {
      url: `/get/teleprogram/videos/withads/${pastId}/`,
    });
    expect(past.body.show).toBe(false);
    const missing = await raw(site().app, { url: '/get/teleprogram/videos/999999/' });
    expect(missing.status).toBe(404);
    expect(errorSchema.parse(missing.json).detail).toMatch(/teleprogram/u);
  });
});

describe('radioprogram', () => {
  it('lists days, filters them and gives a day with and without ads', async () => {
    const days = await call(site().app, calls.radioprogramList.response, { url: '/get/radioprogram/list/' });
    expect(days.body).toHaveLength(7);
    const filtered = await call(site().app, calls.radioprogramListFilter.response, {
      url: '/get/radioprogram/list/filter/2/',
    });
    expect(filtered.body).toHaveLength(5);
    const todayId = days.body.find((day) => day.date_to_start === today)?.id;
    const plain = await call(site().app, calls.radioprogramRadios.response, {
      url: `/get/radioprogram/radios/${todayId}/`,
    });
    const withAds = await call(site().app, calls.radioprogramRadiosWithAds.response, {
      url: `/get/radioprogram/radios/withads/${todayId}/`,
    });
    expect(plain.body.results.length).toBeGreaterThan(50);
    expect(withAds.body.results.length).toBeGreaterThan(plain.body.results.length);
    expect(plain.body.results.some((item) => item.draft === 2)).toBe(true);
    expect(withAds.body.show).toBe(true);
    expect((await raw(site().app, { url: '/get/radioprogram/radios/999999/' })).status).toBe(404);
  });
});
