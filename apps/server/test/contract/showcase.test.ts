import { calls, errorSchema } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { TestBrowser, call, raw } from './helpers.ts';

const site = useTestApp();

describe('slideshows', () => {
  it.each(['main', 'radios', 'catalog'])(
    'GET /get/slideshow/%s/True/ gives slides with grey and blue tags',
    async (name) => {
      const { body } = await call(site().app, calls.slideshow.response, { url: `/get/slideshow/${name}/True/` });
      expect(body.length).toBeGreaterThan(0);
      const colours = new Set(body.flatMap((slide) => slide.tags.map((tag) => tag.color)));
      expect([...colours].sort()).toEqual([0, 1]);
    },
  );

  it('links radio slides to their radio', async () => {
    const { body } = await call(site().app, calls.slideshow.response, { url: '/get/slideshow/radios/True/' });
    expect(body.some((slide) => slide.radio !== null)).toBe(true);
  });

  it('answers 400 for an unknown slideshow', async () => {
    expect((await raw(site().app, { url: '/get/slideshow/sidebar/True/' })).status).toBe(400);
  });
});

describe('about', () => {
  it('GET /get/about/main/ and /get/about/ give the five sections', async () => {
    const main = await call(site().app, calls.aboutMain.response, { url: '/get/about/main/' });
    const list = await call(site().app, calls.aboutList.response, { url: '/get/about/' });
    expect(list.body[0]).toEqual(main.body);
    for (const key of ['title1', 'title2', 'title3', 'title4', 'title5', 'disc1', 'disc4'] as const) {
      expect(main.body[key]).not.toBe('');
    }
  });
});

describe('polls', () => {
  it('GET /get/oprosnik/ gives a poll with four variants and one with two', async () => {
    const { body } = await call(site().app, calls.polls.response, { url: '/get/oprosnik/' });
    const present = body.map(
      (poll) => [poll.variant_1, poll.variant_2, poll.variant_3, poll.variant_4].filter(Boolean).length,
    );
    expect(present).toEqual([4, 2]);
  });

  it('PUT /put/oprosnik/{id} counts +1 for each raised counter, once per visitor (409 after)', async () => {
    const [poll] = (await call(site().app, calls.polls.response, { url: '/get/oprosnik/' })).body;
    expect(poll).toBeDefined();
    const voter = new TestBrowser(site().app, '198.51.100.21');
    const answer = await voter.request({
      method: 'PUT',
      url: `/put/oprosnik/${poll!.id}`,
      payload: {
        otvet_1: poll!.otvet_1,
        otvet_2: poll!.otvet_2 + 1,
        otvet_3: poll!.otvet_3,
        otvet_4: poll!.otvet_4 + 1,
      },
    });
    expect(answer.status).toBe(200);
    const vote = { body: calls.pollVote.response.parse(answer.json) };
    expect([vote.body.otvet_1, vote.body.otvet_2, vote.body.otvet_3, vote.body.otvet_4]).toEqual([
      poll!.otvet_1,
      poll!.otvet_2 + 1,
      poll!.otvet_3,
      poll!.otvet_4 + 1,
    ]);
    const second = await voter.request({
      method: 'PUT',
      url: `/put/oprosnik/${poll!.id}/`,
      payload: { otvet_1: true },
    });
    expect(second.status).toBe(409);
    expect(errorSchema.parse(second.json).detail).toMatch(/already voted/u);
    const after = (await call(site().app, calls.polls.response, { url: '/get/oprosnik/' })).body[0];
    expect(after).toEqual(vote.body);
  });

  it('refuses a vote that chooses nothing, a variant without text, or a missing poll', async () => {
    const polls = (await call(site().app, calls.polls.response, { url: '/get/oprosnik/' })).body;
    const twoVariants = polls[1]!;
    const headers = { 'user-agent': 'voter two' };
    const nothing = await raw(site().app, {
      method: 'PUT',
      url: `/put/oprosnik/${twoVariants.id}`,
      headers,
      payload: {},
    });
    expect(nothing.status).toBe(400);
    const empty = await raw(site().app, {
      method: 'PUT',
      url: `/put/oprosnik/${twoVariants.id}`,
      headers,
      payload: { otvet_3: true },
    });
    expect(empty.status).toBe(400);
    const missing = await raw(site().app, {
      method: 'PUT',
      url: '/put/oprosnik/999999',
      headers,
      payload: { otvet_1: true },
    });
    expect(missing.status).toBe(404);
    const bad = await raw(site().app, {
      method: 'PUT',
      url: `/put/oprosnik/${twoVariants.id}`,
      headers,
      payload: { otvet_1: 'yes' },
    });
    expect(bad.status).toBe(400);
    const notJson = await raw(site().app, {
      method: 'PUT',
      url: `/put/oprosnik/${twoVariants.id}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"otvet_1":',
    });
    expect(notJson.status).toBe(400);
  });
});
