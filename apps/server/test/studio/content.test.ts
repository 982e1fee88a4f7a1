// What editors change in the studio is what visitors get: an edit shows in the public answers,
// a partial edit keeps the rest, an item a schedule uses is kept with the days named, a removed
// item takes its media files with it, and every change is in the audit log with before and after.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { apiUrl, type AuditEntry, type CallName, calls } from '@efir/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chatMessage, teleprogram, teleprogramItem, video } from '../../src/db/schema/index.ts';
import { account, namedCalls, type Signed, signIn, useStudioSite } from './studio-site.ts';

const site = useStudioSite();
let editor: Signed;
let admin: Signed;
let moderator: Signed;

beforeAll(async () => {
  editor = await signIn(site(), (await account(site(), 'editor')).id);
  admin = await signIn(site(), (await account(site(), 'admin')).id);
  moderator = await signIn(site(), (await account(site(), 'moderator')).id);
});

const call = namedCalls(site);

type PublicAnswer<K extends CallName> = z.output<(typeof calls)[K]['response']>;

/** A public answer, as a visitor's browser asks for it. */
async function visitor<K extends CallName>(name: K, url: string): Promise<PublicAnswer<K>> {
  const response = await site().app.inject({ method: calls[name].method, url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicAnswer<K>>();
}

/** Public answers are cached for a moment: the change must show within that. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function newestAudit(action: string): Promise<AuditEntry | undefined> {
  const page = await call(admin, 'audit', { query: { action } });
  expect(page.status).toBe(200);
  return page.body.results[0];
}

describe('videos', () => {
  it('a rename shows publicly, keeps the fields not sent, and is audited with before and after', async () => {
    const id = 3;
    const publicVideo = () => visitor('video', apiUrl('video', { params: { id } }));
    const before = await publicVideo();
    const edited = await call(editor, 'videoUpdate', {
      params: { id },
      body: { name: 'Новое имя видео' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Новое имя видео', description: before.description });
    const after = await eventually(publicVideo, (answer) => answer.name === 'Новое имя видео');
    expect(after).toMatchObject({ name: 'Новое имя видео', description: before.description });

    const entry = await newestAudit('video.update');
    expect(entry).toMatchObject({ entity: 'video', entityId: id });
    expect(entry?.before).toMatchObject({ name: before.name });
    expect(entry?.after).toMatchObject({ name: 'Новое имя видео' });
    expect(entry?.actor).toMatch(/^editor-/u);
  });

  it('refuses bad input with the rule broken, and changes nothing', async () => {
    const id = 4;
    const [row] = await site().database.db.select().from(video).where(eq(video.id, id));
    const refused = await call(editor, 'videoUpdate', {
      params: { id },
      body: { name: '', externalEmbed: 'javascript:alert(1)' },
    });
    expect(refused.status).toBe(400);
    const [still] = await site().database.db.select().from(video).where(eq(video.id, id));
    expect(still?.name).toBe(row?.name);
  });

  it('keeps an item a schedule uses, naming the days, and removes one no schedule uses with its media', async () => {
    const db = site().database.db;
    const [used] = await db
      .select({ videoId: teleprogramItem.videoId, day: teleprogram.day })
      .from(teleprogramItem)
      .innerJoin(teleprogram, eq(teleprogram.id, teleprogramItem.teleprogramId))
      .limit(1);
    expect(used).toBeDefined();
    const kept = await call(editor, 'videoDelete', { params: { id: used!.videoId } });
    expect(kept.status).toBe(409);
    expect(kept.detail).toContain(used!.day);
    expect((await db.select().from(video).where(eq(video.id, used!.videoId))).length).toBe(1);

    // A video of its own with media files on disk, in no schedule.
    const folder = `v/${randomUUID()}`;
    const dir = join(site().mediaDir, folder);
    mkdirSync(join(dir, '720'), { recursive: true });
    writeFileSync(join(dir, 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(join(dir, '720', 'seg_00000.ts'), 'x');
    const added = await call(editor, 'videoAdd', { body: { name: 'На удаление', categoryId: 1 } });
    expect(added.status).toBe(200);
    await db
      .update(video)
      .set({ masterPlaylist: `/media/${folder}/master.m3u8` })
      .where(eq(video.id, added.body.id));
    const removed = await call(editor, 'videoDelete', { params: { id: added.body.id } });
    expect(removed.status).toBe(200);
    expect(existsSync(dir)).toBe(false);
    expect((await call(editor, 'video', { params: { id: added.body.id } })).status).toBe(404);
    expect((await newestAudit('video.delete'))?.before).toMatchObject({ name: 'На удаление' });
  });
});

describe('the showcase', () => {
  it('a new poll shows publicly once it is first, and a closed one is not offered', async () => {
    const added = await call(editor, 'pollAdd', {
      body: { question: 'Что смотреть в выходные?', variants: ['Кино', 'Спорт', '', ''], active: true },
    });
    expect(added.status).toBe(200);
    const polls = await call(editor, 'polls');
    const order = [added.body.id, ...polls.body.map((poll) => poll.id).filter((id) => id !== added.body.id)];
    expect((await call(editor, 'pollOrder', { body: { ids: order } })).status).toBe(200);
    const first = await eventually(
      () => visitor('polls', apiUrl('polls')),
      (answer) => answer[0]?.id === added.body.id,
    );
    expect(first[0]).toMatchObject({ questions: 'Что смотреть в выходные?', variant_1: 'Кино', variant_3: '' });

    const closed = await call(editor, 'pollUpdate', {
      params: { id: added.body.id },
      body: { question: 'Что смотреть в выходные?', variants: ['Кино', 'Спорт', '', ''], active: false },
    });
    expect(closed.status).toBe(200);
    const after = await eventually(
      () => visitor('polls', apiUrl('polls')),
      (answer) => answer.every((poll) => poll.id !== added.body.id),
    );
    expect(after.map((poll) => poll.id)).not.toContain(added.body.id);
  });

  it('a poll needs two answers', async () => {
    const refused = await call(editor, 'pollAdd', {
      body: { question: 'Один вариант?', variants: ['Да', '', '', ''] },
    });
    expect(refused.status).toBe(400);
  });

  it('the about page and the search suggestions show publicly as edited', async () => {
    const about = await call(editor, 'about');
    const titles = ['О нашем канале', ...about.body.titles.slice(1)];
    expect((await call(editor, 'aboutUpdate', { body: { titles, texts: about.body.texts } })).status).toBe(200);
    const shown = await eventually(
      () => visitor('aboutList', apiUrl('aboutList')),
      (answer) => answer[0]?.title0 === 'О нашем канале',
    );
    expect(shown[0]?.title0).toBe('О нашем канале');

    const queries = ['зимняя сказка', 'новости регионов'];
    expect((await call(editor, 'searchPicksWrite', { body: { queries } })).status).toBe(200);
    const suggested = await eventually(
      () => visitor('recommendedSearches', apiUrl('recommendedSearches')),
      (answer) => answer.some((entry) => entry.name === 'зимняя сказка'),
    );
    expect(suggested.map((entry) => entry.name)).toEqual(expect.arrayContaining(queries));
  });

  it('a home row of picked videos shows on the home page, linking to the whole catalogue', async () => {
    const row = await call(editor, 'homeRowAdd', {
      body: { name: 'Выбор редакции', videoIds: [5, 2] },
    });
    expect(row.status).toBe(200);
    const list = await eventually(
      () => visitor('mainList', apiUrl('mainList')),
      (answer) => answer.some((entry) => entry.name === 'Выбор редакции'),
    );
    const shown = list.find((entry) => entry.name === 'Выбор редакции');
    expect(shown?.category_id).toBeNull();
    expect(shown?.videos.map((entry) => entry.id)).toEqual([5, 2]);
  });
});

describe('slides', () => {
  it('keep a link as a browser reads it, and refuse one a browser takes to another host', async () => {
    const added = await call(editor, 'slideAdd', {
      params: { show: 'main' },
      body: { name: 'Премьера', link: '/radio/../catalog?tab=2' },
    });
    expect(added.status, added.detail).toBe(200);
    expect(added.body.link).toBe('/catalog?tab=2');
    for (const link of ['/\\evil.example/', '//evil.example/', 'javascript:alert(1)', 'http://evil.example/']) {
      const refused = await call(editor, 'slideUpdate', { params: { id: added.body.id }, body: { link } });
      expect(refused.status, link).toBe(400);
      expect(refused.detail).toContain('Ссылка');
    }
    const slides = await call(editor, 'slides', { params: { show: 'main' } });
    expect(slides.body.find((slide) => slide.id === added.body.id)?.link).toBe('/catalog?tab=2');
  });
});

describe('chat moderation', () => {
  it('a hidden message is gone for visitors and can be shown again', async () => {
    const db = site().database.db;
    const [message] = await db
      .select()
      .from(chatMessage)
      .where(sql`${chatMessage.hiddenAt} IS NULL`)
      .limit(1);
    expect(message).toBeDefined();
    const room = message!.room as 'teleprogram' | 'radio';
    const publicIds = async (): Promise<number[]> => {
      const answer = await visitor(
        'chatMessages',
        apiUrl('chatMessages', { params: { room, id: message!.programmeId } }),
      );
      return answer.map((entry) => entry.id);
    };
    expect(await publicIds()).toContain(message!.id);
    expect((await call(moderator, 'chatMessageHide', { params: { id: message!.id } })).status).toBe(200);
    expect(await eventually(publicIds, (ids) => !ids.includes(message!.id))).not.toContain(message!.id);
    expect((await newestAudit('chat.hide'))?.entityId).toBe(message!.id);
    expect((await call(moderator, 'chatMessageShow', { params: { id: message!.id } })).status).toBe(200);
    expect(await eventually(publicIds, (ids) => ids.includes(message!.id))).toContain(message!.id);
  });
});
