// What editors arrange on the public site: video and radio categories (and their order), the
// three slideshows, polls, the about page, recommended searches, the radio catalogue's listing
// groups, the home page's rows and the radio page's popular picks. Every change is audited and
// shows on the public site at once.
import {
  type StudioCategory,
  type StudioHomeRow,
  type StudioPoll,
  type StudioRadioListing,
  type StudioSlide,
} from '@efir/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ownedPath, retireMedia } from '../../media/media-files.ts';
import { pictureSizes } from '../../media/pictures.ts';
import { pictureFromUpload } from '../pictures.ts';
import { type Change, recordChange } from '../../repositories/audit.ts';
import {
  aboutRow,
  addCategory,
  addHomeRow,
  addPoll,
  addRadioListing,
  addSlide,
  type CategoryKind,
  findCategory,
  findHomeRow,
  findRadioListing,
  findSlide,
  findStudioPoll,
  type HomeRowRow,
  itemNames,
  orderCategories,
  orderHomeRows,
  orderPolls,
  orderRadioListings,
  orderSlides,
  type PollRow,
  popularPickIds,
  radioExists,
  radiosOfKind,
  type RadioListingRow,
  removeCategory,
  removeHomeRow,
  removePoll,
  removeRadioListing,
  removeSlide,
  renameCategory,
  searchPickQueries,
  type SlideRow,
  studioCategories,
  studioHomeRows,
  studioPolls,
  studioRadioListings,
  studioSlides,
  updateHomeRow,
  updatePoll,
  updateRadioListing,
  updateSlide,
  writeAbout,
  writePopularPicks,
  writeSearchPicks,
} from '../../repositories/studio-showcase.ts';
import { videoCategoryExists } from '../../repositories/videos.ts';
import { actorOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

const orderRefused = new HttpError(409, 'Список изменился, пока вы его переставляли: обновите страницу.');

function toSlide(row: SlideRow): StudioSlide {
  return {
    id: row.id,
    show: row.slideshow as StudioSlide['show'],
    position: row.position,
    name: row.name,
    link: row.link,
    preview: row.preview,
    tags: row.tags,
    radioId: row.radioId,
  };
}

function toPoll(row: PollRow): StudioPoll {
  return {
    id: row.id,
    question: row.question,
    variants: [row.variant1, row.variant2, row.variant3, row.variant4],
    votes: [row.votes1, row.votes2, row.votes3, row.votes4],
    active: row.active,
    position: row.position,
  };
}

export const showcaseRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;

  /** Writes a change and its audit entry together, then lets the public site show it. */
  const change = async <T>(
    request: FastifyRequest,
    write: (tx: Db) => Promise<{ result: T; change: Change }>,
  ): Promise<T> => {
    const result = await db.transaction(async (tx) => {
      const made = await write(tx);
      await recordChange(tx, actorOf(request), made.change);
      return made.result;
    });
    await context.published();
    return result;
  };
  /** The names of the items of `ids`; refused when one names no item of `kind` or comes twice. */
  const checkItems = async (kind: 'video' | 'radio', ids: readonly number[]): Promise<Map<number, string>> => {
    if (new Set(ids).size !== ids.length) throw new HttpError(400, 'Одна позиция выбрана дважды.');
    const names = await itemNames(db, kind, ids);
    const missing = ids.find((id) => !names.has(id));
    if (missing !== undefined) {
      throw new HttpError(400, `${kind === 'video' ? 'Нет видео' : 'Нет радиозаписи'} с номером ${String(missing)}.`);
    }
    return names;
  };

  // Categories of both kinds: the same calls over two tables.
  const categoryRoutes = (kind: CategoryKind): void => {
    const names = {
      video: {
        list: 'videoCategories',
        add: 'videoCategoryAdd',
        update: 'videoCategoryUpdate',
        remove: 'videoCategoryDelete',
        order: 'videoCategoryOrder',
      },
      radio: {
        list: 'radioCategories',
        add: 'radioCategoryAdd',
        update: 'radioCategoryUpdate',
        remove: 'radioCategoryDelete',
        order: 'radioCategoryOrder',
      },
    } as const;
    const calls = names[kind];
    const entity = `${kind}-category`;
    const found = async (id: number): Promise<StudioCategory> => {
      const row = await findCategory(db, kind, id);
      if (row === undefined) throw new HttpError(404, 'Нет такой рубрики.');
      return row;
    };
    app.route({ ...studioRoute(calls.list), handler: () => studioCategories(db, kind) });
    app.route({
      ...studioRoute(calls.add),
      handler: async (request) => {
        const id = await change(request, async (tx) => {
          const added = await addCategory(tx, kind, request.body.name);
          return { result: added, change: { action: `${entity}.add`, entity, entityId: added, after: request.body } };
        });
        return found(id);
      },
    });
    app.route({
      ...studioRoute(calls.update),
      handler: async (request) => {
        const before = await found(request.params.id);
        await change(request, async (tx) => {
          await renameCategory(tx, kind, before.id, request.body.name);
          return {
            result: undefined,
            change: { action: `${entity}.update`, entity, entityId: before.id, before, after: request.body },
          };
        });
        return found(before.id);
      },
    });
    app.route({
      ...studioRoute(calls.remove),
      handler: async (request) => {
        const before = await found(request.params.id);
        await change(request, async (tx) => {
          if (!(await removeCategory(tx, kind, before.id))) {
            throw new HttpError(
              409,
              `В рубрике ${String(before.items)} шт.: перенесите их в другую рубрику, потом удалите её.`,
            );
          }
          return { result: undefined, change: { action: `${entity}.delete`, entity, entityId: before.id, before } };
        });
        return { ok: true as const };
      },
    });
    app.route({
      ...studioRoute(calls.order),
      handler: async (request) => {
        const before = await studioCategories(db, kind);
        await change(request, async (tx) => {
          if (!(await orderCategories(tx, kind, request.body.ids))) throw orderRefused;
          return {
            result: undefined,
            change: { action: `${entity}.order`, entity, before: before.map((row) => row.id), after: request.body.ids },
          };
        });
        return studioCategories(db, kind);
      },
    });
  };
  categoryRoutes('video');
  categoryRoutes('radio');

  // Slides.
  const foundSlide = async (id: number): Promise<SlideRow> => {
    const row = await findSlide(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такого слайда.');
    return row;
  };
  const checkSlideRadio = async (radioId: number | null | undefined): Promise<void> => {
    if (radioId !== undefined && radioId !== null && !(await radioExists(db, radioId))) {
      throw new HttpError(400, `Нет радиозаписи с номером ${String(radioId)}.`);
    }
  };
  app.route({
    ...studioRoute('slides'),
    handler: async (request) => (await studioSlides(db, request.params.show)).map(toSlide),
  });
  app.route({
    ...studioRoute('slideAdd'),
    handler: async (request) => {
      await checkSlideRadio(request.body.radioId);
      const row = await change(request, async (tx) => {
        const added = await addSlide(tx, request.params.show, request.body);
        return { result: added, change: { action: 'slide.add', entity: 'slide', entityId: added.id, after: added } };
      });
      return toSlide(row);
    },
  });
  app.route({
    ...studioRoute('slideUpdate'),
    handler: async (request) => {
      const before = await foundSlide(request.params.id);
      await checkSlideRadio(request.body.radioId);
      const row = await change(request, async (tx) => {
        const after = (await updateSlide(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: { action: 'slide.update', entity: 'slide', entityId: before.id, before, after },
        };
      });
      return toSlide(row);
    },
  });
  app.route({
    ...studioRoute('slideDelete'),
    handler: async (request) => {
      const before = await foundSlide(request.params.id);
      await change(request, async (tx) => {
        await removeSlide(tx, before.id);
        return { result: undefined, change: { action: 'slide.delete', entity: 'slide', entityId: before.id, before } };
      });
      await retireMedia(db, context.mediaDir, [ownedPath(before.preview)]);
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('slideOrder'),
    handler: async (request) => {
      const { show } = request.params;
      const before = await studioSlides(db, show);
      await change(request, async (tx) => {
        if (!(await orderSlides(tx, show, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'slide.order',
            entity: 'slide',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return (await studioSlides(db, show)).map(toSlide);
    },
  });
  app.route({
    ...studioRoute('slidePreview'),
    handler: async (request) => {
      const before = await foundSlide(request.params.id);
      const [preview = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.slide);
      const row = await change(request, async (tx) => {
        const after = (await updateSlide(tx, before.id, { preview })) ?? before;
        return {
          result: after,
          change: { action: 'slide.preview', entity: 'slide', entityId: before.id, before, after },
        };
      });
      await retireMedia(db, context.mediaDir, [ownedPath(before.preview)]);
      return toSlide(row);
    },
  });

  // Polls.
  const foundPoll = async (id: number): Promise<PollRow> => {
    const row = await findStudioPoll(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такого опроса.');
    return row;
  };
  app.route({ ...studioRoute('polls'), handler: async () => (await studioPolls(db)).map(toPoll) });
  app.route({
    ...studioRoute('pollAdd'),
    handler: async (request) => {
      const row = await change(request, async (tx) => {
        const added = await addPoll(tx, request.body);
        return {
          result: added,
          change: { action: 'poll.add', entity: 'poll', entityId: added.id, after: toPoll(added) },
        };
      });
      return toPoll(row);
    },
  });
  app.route({
    ...studioRoute('pollUpdate'),
    handler: async (request) => {
      const before = await foundPoll(request.params.id);
      const row = await change(request, async (tx) => {
        const after = (await updatePoll(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: {
            action: 'poll.update',
            entity: 'poll',
            entityId: before.id,
            before: toPoll(before),
            after: toPoll(after),
          },
        };
      });
      return toPoll(row);
    },
  });
  app.route({
    ...studioRoute('pollDelete'),
    handler: async (request) => {
      const before = await foundPoll(request.params.id);
      await change(request, async (tx) => {
        await removePoll(tx, before.id);
        return {
          result: undefined,
          change: { action: 'poll.delete', entity: 'poll', entityId: before.id, before: toPoll(before) },
        };
      });
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('pollOrder'),
    handler: async (request) => {
      const before = await studioPolls(db);
      await change(request, async (tx) => {
        if (!(await orderPolls(tx, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'poll.order',
            entity: 'poll',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return (await studioPolls(db)).map(toPoll);
    },
  });

  // The about page.
  const aboutView = async () => {
    const row = await aboutRow(db);
    return {
      titles: [row?.title0, row?.title1, row?.title2, row?.title3, row?.title4, row?.title5].map((text) => text ?? ''),
      texts: [row?.text0, row?.text1, row?.text2, row?.text3, row?.text4].map((text) => text ?? ''),
      poster: row?.poster ?? '',
    };
  };
  app.route({ ...studioRoute('about'), handler: aboutView });
  app.route({
    ...studioRoute('aboutUpdate'),
    handler: async (request) => {
      const before = await aboutView();
      await change(request, async (tx) => {
        const row = await writeAbout(tx, request.body);
        return {
          result: undefined,
          change: { action: 'about.update', entity: 'about', entityId: row.id, before, after: request.body },
        };
      });
      return aboutView();
    },
  });
  app.route({
    ...studioRoute('aboutPoster'),
    handler: async (request) => {
      const before = await aboutView();
      const [poster = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.poster);
      await change(request, async (tx) => {
        const row = await writeAbout(tx, { poster });
        return {
          result: undefined,
          change: {
            action: 'about.poster',
            entity: 'about',
            entityId: row.id,
            before: { poster: before.poster },
            after: { poster },
          },
        };
      });
      await retireMedia(db, context.mediaDir, [ownedPath(before.poster)]);
      return aboutView();
    },
  });

  // Recommended searches.
  app.route({ ...studioRoute('searchPicks'), handler: async () => ({ queries: await searchPickQueries(db) }) });
  app.route({
    ...studioRoute('searchPicksWrite'),
    handler: async (request) => {
      const before = await searchPickQueries(db);
      await change(request, async (tx) => {
        await writeSearchPicks(tx, request.body.queries);
        return {
          result: undefined,
          change: { action: 'search-picks.update', entity: 'search-picks', before, after: request.body.queries },
        };
      });
      return { queries: await searchPickQueries(db) };
    },
  });

  // Radio listing groups.
  const listingView = async (rows: RadioListingRow[]): Promise<StudioRadioListing[]> => {
    const names = await itemNames(
      db,
      'radio',
      rows.flatMap((row) => row.radioIds),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      position: row.position,
      radios: row.radioIds.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    }));
  };
  const foundListing = async (id: number): Promise<RadioListingRow> => {
    const row = await findRadioListing(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такой подборки.');
    return row;
  };
  const oneListing = async (row: RadioListingRow): Promise<StudioRadioListing> => {
    const [view] = await listingView([row]);
    if (view === undefined) throw new Error('a listing without its view');
    return view;
  };
  app.route({ ...studioRoute('radioListings'), handler: async () => listingView(await studioRadioListings(db)) });
  app.route({
    ...studioRoute('radioListingAdd'),
    handler: async (request) => {
      await checkItems('radio', request.body.radioIds);
      const row = await change(request, async (tx) => {
        const added = await addRadioListing(tx, request.body);
        return {
          result: added,
          change: { action: 'radio-listing.add', entity: 'radio-listing', entityId: added.id, after: added },
        };
      });
      return oneListing(row);
    },
  });
  app.route({
    ...studioRoute('radioListingUpdate'),
    handler: async (request) => {
      const before = await foundListing(request.params.id);
      await checkItems('radio', request.body.radioIds);
      const row = await change(request, async (tx) => {
        const after = (await updateRadioListing(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: { action: 'radio-listing.update', entity: 'radio-listing', entityId: before.id, before, after },
        };
      });
      return oneListing(row);
    },
  });
  app.route({
    ...studioRoute('radioListingDelete'),
    handler: async (request) => {
      const before = await foundListing(request.params.id);
      await change(request, async (tx) => {
        await removeRadioListing(tx, before.id);
        return {
          result: undefined,
          change: { action: 'radio-listing.delete', entity: 'radio-listing', entityId: before.id, before },
        };
      });
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('radioListingOrder'),
    handler: async (request) => {
      const before = await studioRadioListings(db);
      await change(request, async (tx) => {
        if (!(await orderRadioListings(tx, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'radio-listing.order',
            entity: 'radio-listing',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return listingView(await studioRadioListings(db));
    },
  });

  // Home rows.
  const homeRowView = async (rows: HomeRowRow[]): Promise<StudioHomeRow[]> => {
    const names = await itemNames(
      db,
      'video',
      rows.flatMap((row) => row.videoIds),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      position: row.position,
      categoryId: row.categoryId,
      videos: row.videoIds.flatMap((id) => {
        const name = names.get(id);
        return name === undefined ? [] : [{ id, name }];
      }),
    }));
  };
  const foundHomeRow = async (id: number): Promise<HomeRowRow> => {
    const row = await findHomeRow(db, id);
    if (row === undefined) throw new HttpError(404, 'Нет такого ряда.');
    return row;
  };
  const checkHomeRow = async (fields: { categoryId: number | null; videoIds: number[] }): Promise<void> => {
    if (fields.categoryId !== null && !(await videoCategoryExists(db, fields.categoryId))) {
      throw new HttpError(400, 'Нет такой рубрики.');
    }
    await checkItems('video', fields.videoIds);
  };
  const oneHomeRow = async (row: HomeRowRow): Promise<StudioHomeRow> => {
    const [view] = await homeRowView([row]);
    if (view === undefined) throw new Error('a home row without its view');
    return view;
  };
  app.route({ ...studioRoute('homeRows'), handler: async () => homeRowView(await studioHomeRows(db)) });
  app.route({
    ...studioRoute('homeRowAdd'),
    handler: async (request) => {
      await checkHomeRow(request.body);
      const row = await change(request, async (tx) => {
        const added = await addHomeRow(tx, request.body);
        return {
          result: added,
          change: { action: 'home-row.add', entity: 'home-row', entityId: added.id, after: added },
        };
      });
      return oneHomeRow(row);
    },
  });
  app.route({
    ...studioRoute('homeRowUpdate'),
    handler: async (request) => {
      const before = await foundHomeRow(request.params.id);
      await checkHomeRow(request.body);
      const row = await change(request, async (tx) => {
        const after = (await updateHomeRow(tx, before.id, request.body)) ?? before;
        return {
          result: after,
          change: { action: 'home-row.update', entity: 'home-row', entityId: before.id, before, after },
        };
      });
      return oneHomeRow(row);
    },
  });
  app.route({
    ...studioRoute('homeRowDelete'),
    handler: async (request) => {
      const before = await foundHomeRow(request.params.id);
      await change(request, async (tx) => {
        await removeHomeRow(tx, before.id);
        return {
          result: undefined,
          change: { action: 'home-row.delete', entity: 'home-row', entityId: before.id, before },
        };
      });
      return { ok: true as const };
    },
  });
  app.route({
    ...studioRoute('homeRowOrder'),
    handler: async (request) => {
      const before = await studioHomeRows(db);
      await change(request, async (tx) => {
        if (!(await orderHomeRows(tx, request.body.ids))) throw orderRefused;
        return {
          result: undefined,
          change: {
            action: 'home-row.order',
            entity: 'home-row',
            before: before.map((row) => row.id),
            after: request.body.ids,
          },
        };
      });
      return homeRowView(await studioHomeRows(db));
    },
  });

  // The radio page's popular picks.
  const kindOf = (name: 'programmes' | 'songs'): 1 | 2 => (name === 'programmes' ? 1 : 2);
  const popularView = async (kind: 1 | 2) => {
    const ids = await popularPickIds(db, kind);
    const names = await itemNames(db, 'radio', ids);
    return { radios: ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id) ?? '' }] : [])) };
  };
  app.route({ ...studioRoute('popularPicks'), handler: async (request) => popularView(kindOf(request.params.kind)) });
  app.route({
    ...studioRoute('popularPicksWrite'),
    handler: async (request) => {
      const kind = kindOf(request.params.kind);
      const { radioIds } = request.body;
      await checkItems('radio', radioIds);
      const ofKind = await radiosOfKind(db, kind, radioIds);
      const other = radioIds.find((id) => !ofKind.has(id));
      if (other !== undefined) {
        throw new HttpError(
          400,
          `Радиозапись ${String(other)} — ${kind === 1 ? 'песня, а не передача' : 'передача, а не песня'}.`,
        );
      }
      const before = await popularPickIds(db, kind);
      await change(request, async (tx) => {
        await writePopularPicks(tx, kind, radioIds);
        return {
          result: undefined,
          change: { action: 'popular.update', entity: 'popular', entityId: kind, before, after: radioIds },
        };
      });
      return popularView(kind);
    },
  });
  done();
};
