// Writes the demo content into an empty database: catalogues, schedules from three days ago to
// three days ahead, slideshows, polls, the about page, chat. Deterministic but for the dates,
// which follow today in the schedules' time zone.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  about,
  chatMessage,
  homeRow,
  poll,
  radio,
  radioCategory,
  radioListing,
  radioprogram,
  radioprogramItem,
  searchPick,
  slide,
  teleprogram,
  teleprogramItem,
  ticker,
  video,
  videoCategory,
} from '../db/schema/index.ts';
import { addDays } from '../lib/clock.ts';
import { searchLatinOf } from '../search/latin-words.ts';
import { clockTimeOf, layOutDay } from './schedule.ts';
import * as texts from './texts.ts';

/** A small seeded generator (mulberry32): the same demo on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface SeedOptions {
  /** Today's date in the schedules' time zone. */
  today: string;
  now: Date;
  /** The moment of the first start, in seconds after today's midnight in the schedules' time zone:
   * around it both channels air their shortest items, whose media are made first and in seconds. */
  openingAt?: number;
  /** With demo media to come: every item's length rounded to whole segments of this many seconds,
   * the length of the playlists the demo media are made of (media/demo-media.ts). */
  wholeSegments?: number;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  await writeDemo(db, options);
  // Fresh statistics, or the planner takes the new tables for empty.
  await db.execute(sql`ANALYZE`);
}

/** Around the first start: from a little more than the longest demo item before it (so the item on
 * air then is a short one too) to a while after, by when the media making is far ahead. */
const openingBefore = 16 * 60;
const openingAfter = 20 * 60;

/** The few shortest of `rows`, for the opening. */
function shortest(rows: readonly { id: number; durationSeconds: number }[], count = 6): number[] {
  return [...rows]
    .sort((a, b) => a.durationSeconds - b.durationSeconds || a.id - b.id)
    .slice(0, count)
    .map((row) => row.id);
}

async function writeDemo(db: Db, { today, now, openingAt, wholeSegments }: SeedOptions): Promise<void> {
  const rand = random(2003);
  const lengthOf = (seconds: number): number =>
    wholeSegments === undefined ? seconds : Math.max(1, Math.round(seconds / wholeSegments)) * wholeSegments;
  const daysAgo = (max: number): Date => new Date(now.getTime() - Math.floor(rand() * max * 86_400_000));
  const popularity = (): number => Math.floor(rand() ** 3 * 5000);

  await db.transaction(async (tx) => {
    // Video catalogue. A few videos premiere on air first (draft 1) and one is withdrawn (draft 2).
    const videoCategoryRows = await tx
      .insert(videoCategory)
      .values(texts.videoCategories.map((category, position) => ({ name: category.name, position })))
      .returning();
    // The home page shows each category's newest videos, in the categories' order.
    await tx
      .insert(homeRow)
      .values(videoCategoryRows.map((row) => ({ name: row.name, position: row.position, categoryId: row.id })));
    const videoValues = texts.videoCategories.flatMap((category, c) =>
      category.videos.map((item, i) => ({
        name: item.name,
        description: item.description,
        plot: item.sujet,
        durationSeconds: lengthOf(item.durationSeconds),
        ageRating: item.censored,
        draft: i === category.videos.length - 1 ? 1 : c === 2 && i === 3 ? 2 : 0,
        categoryId: (videoCategoryRows[c] as { id: number }).id,
        views: popularity(),
        addedAt: daysAgo(400),
        searchLatin: searchLatinOf(item.name, item.description),
      })),
    );
    const videos = await tx.insert(video).values(videoValues).returning({
      id: video.id,
      draft: video.draft,
      durationSeconds: video.durationSeconds,
      categoryId: video.categoryId,
    });
    const adVideos = await tx
      .insert(video)
      .values(
        texts.adNames.video.map((name, i) => ({
          name,
          durationSeconds: lengthOf(20 + i * 5),
          draft: 1,
          categoryId: (videoCategoryRows[0] as { id: number }).id,
          searchLatin: searchLatinOf(name),
        })),
      )
      .returning({ id: video.id, durationSeconds: video.durationSeconds });

    // Radio catalogue: the songs category makes the popular songs, the others the programmes.
    const radioCategoryRows = await tx
      .insert(radioCategory)
      .values(texts.radioCategories.map((category, position) => ({ name: category.name, position })))
      .returning();
    const radioValues = texts.radioCategories.flatMap((category, c) =>
      category.radios.map((item, i) => ({
        name: item.name,
        author: item.author,
        durationSeconds: lengthOf(item.durationSeconds),
        draft: i === category.radios.length - 1 ? 1 : 0,
        kind: /песн/iu.test(category.name) ? 2 : 1,
        categoryId: (radioCategoryRows[c] as { id: number }).id,
        plays: popularity(),
        addedAt: daysAgo(400),
        searchLatin: searchLatinOf(item.name, item.author),
      })),
    );
    const radios = await tx
      .insert(radio)
      .values(radioValues)
      .returning({ id: radio.id, name: radio.name, draft: radio.draft, durationSeconds: radio.durationSeconds });
    const adRadios = await tx
      .insert(radio)
      .values(
        texts.adNames.radio.map((name, i) => ({
          name,
          author: 'Эфир',
          durationSeconds: lengthOf(15 + i * 5),
          draft: 1,
          categoryId: (radioCategoryRows[0] as { id: number }).id,
          searchLatin: searchLatinOf(name),
        })),
      )
      .returning({ id: radio.id, durationSeconds: radio.durationSeconds });

    // Slideshows: each slide points at the catalogue item of the same name where there is one.
    const videoIdByName = new Map(videoValues.map((row, i) => [row.name, (videos[i] as { id: number }).id]));
    const radioByName = new Map(radios.map((row) => [row.name, row]));
    const slides = (['main', 'catalog', 'radios'] as const).flatMap((show) =>
      texts.slideshows[show].map((item, position) => {
        const videoId = videoIdByName.get(item.name);
        const radioRow = show === 'radios' ? radioByName.get(item.name) : undefined;
        return {
          slideshow: show,
          position,
          name: item.name,
          link: videoId === undefined ? (show === 'radios' ? '/radio/catalog' : '/catalog') : `/video/item/${videoId}`,
          tags: item.tags,
          radioId: radioRow?.id ?? null,
        };
      }),
    );
    await tx.insert(slide).values(slides);

    const publishedRadios = radios.filter((row) => row.draft === 0);
    await tx.insert(radioListing).values(
      texts.radioListingGroupNames.map((name, position) => ({
        name,
        position,
        radioIds: publishedRadios
          .filter((_, i) => i % texts.radioListingGroupNames.length === position)
          .slice(0, 8)
          .map((row) => row.id),
      })),
    );

    await tx.insert(poll).values(
      texts.polls.map((item, position) => ({
        question: item.question,
        variant1: item.variants[0] ?? '',
        variant2: item.variants[1] ?? '',
        variant3: item.variants[2] ?? '',
        variant4: item.variants[3] ?? '',
        votes1: Math.floor(rand() * 300),
        votes2: Math.floor(rand() * 300),
        votes3: item.variants[2] === undefined ? 0 : Math.floor(rand() * 300),
        votes4: item.variants[3] === undefined ? 0 : Math.floor(rand() * 300),
        position,
      })),
    );

    const a = texts.about;
    await tx.insert(about).values({
      title0: a.title0,
      text0: a.disc0,
      title1: a.title1,
      text1: a.disc1,
      title2: a.title2,
      text2: a.disc2,
      title3: a.title3,
      text3: a.disc3,
      title4: a.title4,
      text4: a.disc4,
      title5: a.title5,
    });
    await tx.insert(searchPick).values(texts.searchPicks.map((query, position) => ({ query, position })));

    // Schedules: seven days around today, each 24 hours of programmes with news at fixed times.
    const duration = new Map([...videos, ...adVideos].map((row) => [row.id, row.durationSeconds]));
    const radioDuration = new Map([...radios, ...adRadios].map((row) => [row.id, row.durationSeconds]));
    const airable = videos.filter((row) => row.draft === 0).map((row) => row.id);
    const premieres = videos.filter((row) => row.draft === 1).map((row) => row.id);
    const news = videos.filter(
      (row) => row.categoryId === (videoCategoryRows[0] as { id: number }).id && row.draft === 0,
    );
    const fixedHours = [9, 12, 15, 18, 21];
    for (let offset = -3; offset <= 3; offset += 1) {
      const day = addDays(today, offset);
      const [tele] = await tx
        .insert(teleprogram)
        .values({ day, startsAt: '00:00:00', finishedText: texts.finishedText })
        .returning();
      if (tele === undefined) throw new Error('teleprogram insert returned nothing');
      const programmes = offset > 0 ? [...premieres, ...airable] : airable;
      const items = layOutDay({
        programmes,
        ads: adVideos.map((row) => row.id),
        durationOf: (id) => duration.get(id) ?? 60,
        fixed: fixedHours.map((hour, i) => ({
          at: hour * 3600,
          subject: (news[(i + offset + 3) % news.length] ?? news[0])?.id ?? (airable[0] as number),
        })),
        adEvery: 4,
        offset: (offset + 3) * 17,
        ...(offset === 0 && openingAt !== undefined
          ? {
              opening: {
                from: openingAt - openingBefore,
                until: openingAt + openingAfter,
                programmes: shortest(videos.filter((row) => row.draft === 0)),
              },
            }
          : {}),
      });
      await insertChunked(
        items.map((item, position) => ({
          teleprogramId: tele.id,
          position,
          startsAt: item.fixedStart === undefined ? null : clockTimeOf(item.fixedStart),
          videoId: item.subject,
          isAd: item.isAd,
        })),
        (chunk) => tx.insert(teleprogramItem).values(chunk),
      );
      // Tickers: about a few programmes, and about the whole day every three hours.
      const programmeItems = items.filter((item) => !item.isAd);
      const tickers = texts.videoTickers.map((message, i) => {
        const item = programmeItems[(i * 23 + offset + 3) % programmeItems.length] as (typeof items)[number];
        return {
          teleprogramId: tele.id,
          videoId: item.subject,
          message,
          startsAt: clockTimeOf(item.start + 30),
          durationSeconds: 20,
          speed: 90,
        };
      });
      const dayTickers = [0, 3, 6, 9, 12, 15, 18, 21].map((hour, i) => ({
        teleprogramId: tele.id,
        videoId: null,
        message: texts.programmeTickers[i % texts.programmeTickers.length] as string,
        startsAt: clockTimeOf(hour * 3600 + 600),
        durationSeconds: 30,
        speed: 80,
      }));
      await tx.insert(ticker).values([...tickers, ...dayTickers]);

      const [radioDay] = await tx
        .insert(radioprogram)
        .values({ day, startsAt: '00:00:00', finishedText: texts.finishedText })
        .returning();
      if (radioDay === undefined) throw new Error('radioprogram insert returned nothing');
      const radioItems = layOutDay({
        programmes: publishedRadios.map((row) => row.id),
        ads: adRadios.map((row) => row.id),
        durationOf: (id) => radioDuration.get(id) ?? 60,
        fixed: [],
        adEvery: 5,
        offset: (offset + 3) * 11,
        draftEvery: 37,
        ...(offset === 0 && openingAt !== undefined
          ? {
              opening: {
                from: openingAt - openingBefore,
                until: openingAt + openingAfter,
                programmes: shortest(publishedRadios),
              },
            }
          : {}),
      });
      await insertChunked(
        radioItems.map((item, position) => ({
          radioprogramId: radioDay.id,
          position,
          startsAt: position === 0 ? '00:00:00' : null,
          radioId: item.subject,
          draft: item.draft ? 2 : 0,
          isAd: item.isAd,
        })),
        (chunk) => tx.insert(radioprogramItem).values(chunk),
      );

      if (offset === 0) {
        const posted = (i: number): Date => new Date(now.getTime() - (texts.chatMessages.length - i) * 95_000);
        await tx.insert(chatMessage).values([
          ...texts.chatMessages.map((m, i) => ({
            room: 'teleprogram',
            programmeId: tele.id,
            name: m.name,
            message: m.message,
            visitor: `demo-${m.name}`,
            postedAt: posted(i),
          })),
          ...texts.chatMessages.slice(0, 10).map((m, i) => ({
            room: 'radio',
            programmeId: radioDay.id,
            name: m.name,
            message: m.message,
            visitor: `demo-${m.name}`,
            postedAt: posted(i),
          })),
        ]);
      }
    }
  });
}
