// The repositories on every backend: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { visitorLimitDefaults } from '@efir/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, latestChatMessageId, postChatMessage } from '../src/repositories/chat.ts';
import { cataloguePage, findItem, useItem } from '../src/repositories/catalogues.ts';
import { radioListingGroups } from '../src/repositories/radios.ts';
import { recommendedSearches, recordSearches, searchRadios, searchVideos } from '../src/repositories/search.ts';
import { latinQueryWords } from '../src/search/latin-words.ts';
import { addStudioVideo, updateStudioVideo } from '../src/repositories/studio-catalogue.ts';
import { activePolls, votePoll } from '../src/repositories/showcase.ts';
import { windowStart } from '../src/repositories/rate-windows.ts';
import { claimVisitorAction } from '../src/repositories/visitor-actions.ts';
import { mainList, relatedVideos } from '../src/repositories/videos.ts';
import { describeOnBackends, useTestDatabase } from './database.ts';
import { testVisitor } from './visitors.ts';

const cap = visitorLimitDefaults.addressActionsPerHour;

describeOnBackends('repositories', (backend) => {
  const database = useTestDatabase(backend, 'seeded');

  describe('video catalogue', () => {
    it('pages published videos by 30 with the total count', async () => {
      const first = await cataloguePage(database.db, 'video', { page: 1, prosmotri: false, date_added: false });
      expect(first.count).toBeGreaterThanOrEqual(70);
      expect(first.rows).toHaveLength(30);
      expect(first.rows.every((row) => row.draft === 0)).toBe(true);
      const lastPage = Math.ceil(first.count / 30);
      const last = await cataloguePage(database.db, 'video', { page: lastPage, prosmotri: false, date_added: false });
      expect(last.rows).toHaveLength(first.count - (lastPage - 1) * 30);
      const past = await cataloguePage(database.db, 'video', {
        page: lastPage + 1,
        prosmotri: false,
        date_added: false,
      });
      expect(past).toEqual({ count: first.count, rows: [] });
    });

    it('sorts by views and by date added, and filters by category', async () => {
      const popular = await cataloguePage(database.db, 'video', { page: 1, prosmotri: true, date_added: false });
      const views = popular.rows.map((row) => row.views);
      expect(views).toEqual([...views].sort((a, b) => b - a));
      const newest = await cataloguePage(database.db, 'video', { page: 1, prosmotri: false, date_added: true });
      const dates = newest.rows.map((row) => row.addedAt.getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const category = popular.rows[0]?.categoryId ?? 1;
      const inCategory = await cataloguePage(database.db, 'video', {
        page: 1,
        category_id: category,
        prosmotri: false,
        date_added: false,
      });
      expect(inCategory.count).toBeGreaterThan(0);
      expect(inCategory.count).toBeLessThan(popular.count);
      expect(inCategory.rows.every((row) => row.categoryId === category)).toBe(true);
    });

    it('pages without gaps or repeats', async () => {
      const seen = new Set<number>();
      let total = 0;
      for (let page = 1; page <= 4; page += 1) {
        const result = await cataloguePage(database.db, 'video', { page, prosmotri: true, date_added: false });
        total = result.count;
        for (const row of result.rows) seen.add(row.id);
      }
      expect(seen.size).toBe(total);
    });

    it('counts a view once per visitor per 24 hours', async () => {
      const before = await findItem(database.db, 'video', 1);
      expect(before?.draft).toBe(0);
      const first = await useItem(database.db, 'video', 1, testVisitor('visitor-a'), cap, new Date());
      const again = await useItem(database.db, 'video', 1, testVisitor('visitor-a'), cap, new Date());
      const other = await useItem(database.db, 'video', 1, testVisitor('visitor-b'), cap, new Date());
      expect(first?.views).toBe((before?.views ?? 0) + 1);
      expect(again?.views).toBe(first?.views);
      expect(other?.views).toBe((before?.views ?? 0) + 2);
      await database.db.execute(
        sql`UPDATE visitor_action SET at = at - interval '25 hours' WHERE visitor = 'visitor-a'`,
      );
      expect((await useItem(database.db, 'video', 1, testVisitor('visitor-a'), cap, new Date()))?.views).toBe(
        (before?.views ?? 0) + 3,
      );
    });

    it('counts concurrent views of one visitor once', async () => {
      const before = (await findItem(database.db, 'video', 2))?.views ?? 0;
      await Promise.all(
        Array.from({ length: 8 }, () =>
          useItem(database.db, 'video', 2, testVisitor('visitor-burst'), cap, new Date()),
        ),
      );
      expect((await findItem(database.db, 'video', 2))?.views).toBe(before + 1);
    });

    it('relates videos of the same category and lists the home rows by category', async () => {
      const video = await findItem(database.db, 'video', 3);
      expect(video).toBeDefined();
      const related = await relatedVideos(database.db, video!);
      expect(related.length).toBeGreaterThan(0);
      expect(related.every((row) => row.categoryId === video!.categoryId && row.id !== video!.id)).toBe(true);
      const rows = await mainList(database.db);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      for (const row of rows)
        expect(row.videos.every((v) => v.categoryId === row.row.categoryId && v.draft === 0)).toBe(true);
    });
  });

  describe('radio catalogue', () => {
    it('pages published radios and counts a play once per visitor', async () => {
      const page = await cataloguePage(database.db, 'radio', { page: 1, prosmotri: true, date_added: false });
      expect(page.count).toBeGreaterThanOrEqual(70);
      const radio = page.rows[0];
      expect(radio).toBeDefined();
      const played = await useItem(database.db, 'radio', radio!.id, testVisitor('listener'), cap, new Date());
      await useItem(database.db, 'radio', radio!.id, testVisitor('listener'), cap, new Date());
      expect(played?.plays).toBe(radio!.plays + 1);
      expect(
        (await cataloguePage(database.db, 'radio', { page: 1, prosmotri: true, date_added: false })).rows[0]?.plays,
      ).toBe(radio!.plays + 1);
    });

    it('lists listing groups with published radios only', async () => {
      const groups = await radioListingGroups(database.db);
      expect(groups.length).toBeGreaterThanOrEqual(3);
      expect(groups.every((group) => group.radios.length > 0 && group.radios.every((r) => r.draft === 0))).toBe(true);
    });
  });

  describe('polls', () => {
    it('counts a vote once per visitor and adds one to each chosen variant', async () => {
      const poll = (await activePolls(database.db))[0];
      expect(poll).toBeDefined();
      const voted = await votePoll(database.db, poll!.id, testVisitor('voter'), [1, 3], cap, new Date());
      expect(voted.kind).toBe('counted');
      if (voted.kind !== 'counted') return;
      expect([voted.poll.votes1, voted.poll.votes2, voted.poll.votes3, voted.poll.votes4]).toEqual([
        poll!.votes1 + 1,
        poll!.votes2,
        poll!.votes3 + 1,
        poll!.votes4,
      ]);
      expect(await votePoll(database.db, poll!.id, testVisitor('voter'), [2], cap, new Date())).toEqual({
        kind: 'already-voted',
      });
      expect((await activePolls(database.db))[0]?.votes2).toBe(poll!.votes2);
      expect(await votePoll(database.db, 999_999, testVisitor('voter'), [1], cap, new Date())).toEqual({
        kind: 'no-poll',
      });
    });
  });

  describe('per-address caps', () => {
    // A tenth of a second into an hour of its own: each burst has one whole window.
    const burstAt = new Date(windowStart('hour', new Date(), -2).getTime() + 100);

    it('lets 100 concurrent votes of visitors without an established cookie from one address add the cap', async () => {
      const poll = (await activePolls(database.db))[1];
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          votePoll(
            database.db,
            poll!.id,
            testVisitor(`newcomer-${String(i)}`, { address: '192.0.2.77', established: false }),
            [1],
            cap,
            burstAt,
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.kind === 'counted')).toHaveLength(cap);
      expect(outcomes.filter((outcome) => outcome.kind === 'address-cap')).toHaveLength(100 - cap);
      expect((await activePolls(database.db))[1]?.votes1).toBe(poll!.votes1 + cap);
    });

    it('lets 50 concurrent newcomers from one address post the newcomer limit into a room', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postChatMessage(
            database.db,
            { room: 'radio', programmeId: 2, name: 'Бот', message: String(i) },
            testVisitor(`bot-${String(i)}`, { address: '192.0.2.78', established: false }),
            visitorLimitDefaults,
            burstAt,
          ),
        ),
      );
      const posted = outcomes.filter((outcome) => outcome.kind === 'posted').length;
      expect(posted).toBe(visitorLimitDefaults.chatNewcomersPerMinute);
    });
  });

  describe('chat', () => {
    it('keeps messages oldest-first, gives only newer ones after an id, and paces a visitor', async () => {
      const room = 'teleprogram' as const;
      const programmeId = 1;
      const post = (message: string) =>
        postChatMessage(
          database.db,
          { room, programmeId, name: 'Тест', message },
          testVisitor('chatter'),
          visitorLimitDefaults,
          new Date(),
        );
      const outcome = await post('<b>привет</b>');
      const posted = outcome.kind === 'posted' ? outcome.row : undefined;
      expect(posted?.message).toBe('<b>привет</b>');
      expect(await post('ещё')).toEqual({ kind: 'too-fast', slowMode: false, retryAfterSeconds: 1 });
      const all = await chatMessages(database.db, room, programmeId, undefined);
      expect(all.at(-1)?.id).toBe(posted?.id);
      const ids = all.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(await chatMessages(database.db, room, programmeId, posted!.id)).toEqual([]);
      expect(await latestChatMessageId(database.db, room, programmeId)).toBe(posted?.id);
      expect(await latestChatMessageId(database.db, 'radio', 999)).toBe(0);
    });
  });

  describe('visitor actions', () => {
    it('lets one of many concurrent claims through', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => claimVisitorAction(database.db, 'poll-vote', 77, 'racer', null, new Date())),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('search', () => {
    it('asks the Latin-script half for the longer words, each once', () => {
      expect(latinQueryWords('Фильм о Москве')).toEqual(['film', 'moskve']);
      expect(latinQueryWords('в о')).toEqual(['v', 'o']);
      expect(latinQueryWords('Москва, москва!')).toEqual(['moskva']);
      expect(latinQueryWords('«»')).toEqual([]);
    });

    const names = (rows: { name: string }[]) => rows.map((row) => row.name);

    it('finds other forms of a word (Russian morphology)', async () => {
      const found = names(await searchVideos(database.db, 'москве'));
      expect(found.some((name) => /Москв/u.test(name))).toBe(true);
    });

    it('treats ё and е alike', async () => {
      const withYo = names(await searchRadios(database.db, 'ёлка'));
      const withYe = names(await searchRadios(database.db, 'елка'));
      expect(withYo.length).toBeGreaterThan(0);
      expect(withYe).toEqual(withYo);
    });

    it('tolerates a typo', async () => {
      expect(names(await searchVideos(database.db, 'Байкл')).some((name) => name.includes('Байкал'))).toBe(true);
    });

    it('finds Cyrillic content from a Latin-script query', async () => {
      expect(names(await searchVideos(database.db, 'moskva')).some((name) => /Москв/u.test(name))).toBe(true);
      expect(names(await searchVideos(database.db, 'baikal')).some((name) => name.includes('Байкал'))).toBe(true);
    });

    it('finds items with every word, else with some of them, each word with its typos', async () => {
      expect(names(await searchVideos(database.db, 'baikl')).some((name) => name.includes('Байкал'))).toBe(true);
      const every = await searchVideos(database.db, 'zimniaia baikl');
      expect(every.length).toBeGreaterThan(0);
      expect(every.every((row) => /зимн/iu.test(`${row.name} ${row.description}`))).toBe(true);
      const some = names(await searchVideos(database.db, 'baikal qzxwvjkq'));
      expect(some.some((name) => name.includes('Байкал'))).toBe(true);
    });

    it('knows the words of an item added or renamed in the studio', async () => {
      const [sample] = await searchVideos(database.db, 'москва');
      if (sample === undefined) throw new Error('the demo has no video about Moscow');
      const added = await addStudioVideo(database.db, {
        name: 'Черноплодная рябина',
        description: 'Сад в сентябре',
        plot: '',
        categoryId: sample.categoryId,
        ageRating: 0,
        draft: 0,
        externalEmbed: '',
      });
      try {
        expect(names(await searchVideos(database.db, 'chernoplodnaa'))).toContain('Черноплодная рябина');
        await updateStudioVideo(database.db, added, { name: 'Облепиха' });
        expect(names(await searchVideos(database.db, 'oblepikha'))).toContain('Облепиха');
        expect(names(await searchVideos(database.db, 'chernoplodnaia'))).not.toContain('Облепиха');
      } finally {
        await database.db.execute(sql`DELETE FROM video WHERE id = ${added.id}`);
      }
    });

    it('lists only published items and nothing for nonsense', async () => {
      expect(await searchVideos(database.db, 'qzxwvjkq')).toEqual([]);
      const all = await searchVideos(database.db, 'москва');
      expect(all.every((row) => row.draft === 0)).toBe(true);
    });

    it('recommends what several visitors found, then the editors picks', async () => {
      const picks = await recommendedSearches(database.db);
      expect(picks.length).toBeGreaterThan(0);
      await recordSearches(database.db, [
        { query: 'Волга', visitor: 'v1' },
        { query: 'волга', visitor: 'v2' },
        { query: 'одинокий запрос', visitor: 'v3' },
      ]);
      const recommended = await recommendedSearches(database.db);
      expect(recommended[0]).toBe('волга');
      expect(recommended).not.toContain('одинокий запрос');
      expect(recommended.slice(1)).toEqual(picks.slice(0, recommended.length - 1));
    });
  });
});
