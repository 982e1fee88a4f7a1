// Videos and radios in the studio: lists with search, filters, sorting and paging; adding one
// (with an upload that makes its media, or for a video an external frame alone), changing any
// field, new media or a new picture from an upload, and removing one that no schedule names.
import { type StudioRadio, type StudioVideo } from '@efir/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ownedPath, retireMedia } from '../../media/media-files.ts';
import { pictureSizes } from '../../media/pictures.ts';
import { pictureFromUpload } from '../pictures.ts';
import { enqueueIngest } from '../../repositories/ingest-jobs.ts';
import {
  addStudioRadio,
  addStudioVideo,
  type CatalogueKind,
  findStudioRadio,
  findStudioVideo,
  latestJobs,
  removeCatalogueItem,
  scheduleDaysUsing,
  type StudioRadioRow,
  studioRadioPage,
  type StudioVideoRow,
  studioVideoPage,
  updateStudioRadio,
  updateStudioVideo,
} from '../../repositories/studio-catalogue.ts';
import { categoryExists } from '../../repositories/catalogues.ts';
import { callerOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { publicChanges } from '../public-changes.ts';
import { studioRoute } from '../route.ts';
import { toStudioRadio, toStudioVideo } from '../views.ts';

/** What the audit log keeps of an item: its own fields, not its search copies. */
function audited(row: StudioVideoRow | StudioRadioRow): object {
  const { searchLatin: _latin, searchVector: _vector, ...fields } = row;
  return fields;
}

const noSuch = (kind: CatalogueKind): HttpError =>
  new HttpError(404, kind === 'video' ? 'Нет такого видео.' : 'Нет такой радиозаписи.');

const dayForms = { one: 'день', few: 'дня', many: 'дней', other: 'дня' } as const;
const dayRule = new Intl.PluralRules('ru-RU');

/** «1 день», «3 дня», «5 дней». */
function daysOf(count: number): string {
  return `${String(count)} ${dayForms[dayRule.select(count) as keyof typeof dayForms]}`;
}

export const catalogueRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;

  const videoView = async (row: StudioVideoRow): Promise<StudioVideo> =>
    toStudioVideo(row, (await latestJobs(db, 'video', [row.id])).get(row.id));
  const radioView = async (row: StudioRadioRow): Promise<StudioRadio> =>
    toStudioRadio(row, (await latestJobs(db, 'radio', [row.id])).get(row.id));

  const findVideo = async (id: number): Promise<StudioVideoRow> => {
    const row = await findStudioVideo(db, id);
    if (row === undefined) throw noSuch('video');
    return row;
  };
  const findRadio = async (id: number): Promise<StudioRadioRow> => {
    const row = await findStudioRadio(db, id);
    if (row === undefined) throw noSuch('radio');
    return row;
  };
  const checkCategory = async (kind: CatalogueKind, id: number | undefined): Promise<void> => {
    if (id === undefined) return;
    const exists = await categoryExists(db, kind, id);
    if (!exists) throw new HttpError(400, 'Нет такой рубрики.');
  };
  const { change } = publicChanges(context);
  /** Queues an item's media from an upload of the caller's. */
  const queueMedia = async (
    request: FastifyRequest,
    tx: Db,
    kind: CatalogueKind,
    item: { id: number; name: string },
    upload: string,
  ): Promise<void> => {
    const { file } = await context.uploads.take(upload, callerOf(request).user.id);
    await enqueueIngest(
      tx,
      kind === 'video' ? 'video-media' : 'radio-media',
      { file, itemId: item.id, name: item.name },
      item.id,
    );
  };
  /** Removes an item no schedule names, with its media and picture files. */
  const remove = async (
    request: FastifyRequest,
    kind: CatalogueKind,
    row: StudioVideoRow | StudioRadioRow,
  ): Promise<void> => {
    const days = await scheduleDaysUsing(db, kind, row.id);
    if (days.length > 0) {
      const shown = `${days.slice(0, 10).join(', ')}${days.length > 10 ? '…' : ''}`;
      const what = kind === 'video' ? 'видео стоит' : 'запись стоит';
      throw new HttpError(
        409,
        `Нельзя удалить: ${what} в программе на ${daysOf(days.length)}: ${shown}. Сначала уберите ${kind === 'video' ? 'его' : 'её'} оттуда.`,
      );
    }
    await change(request, async (tx) => {
      await removeCatalogueItem(tx, kind, row.id);
      return {
        result: undefined,
        change: { action: `${kind}.delete`, entity: kind, entityId: row.id, before: audited(row) },
      };
    });
    const links =
      'masterPlaylist' in row
        ? [row.masterPlaylist, row.preview, row.previewCatalog]
        : [row.audioPlaylist, row.preview];
    await retireMedia(db, context.mediaDir, links.map(ownedPath));
    context.onQueued();
  };

  app.route({
    ...studioRoute('videos'),
    handler: async (request) => {
      const { count, rows } = await studioVideoPage(db, request.query);
      const jobs = await latestJobs(
        db,
        'video',
        rows.map((row) => row.id),
      );
      return { count, results: rows.map((row) => toStudioVideo(row, jobs.get(row.id))) };
    },
  });

  app.route({
    ...studioRoute('video'),
    handler: async (request) => videoView(await findVideo(request.params.id)),
  });

  app.route({
    ...studioRoute('videoAdd'),
    handler: async (request) => {
      const { upload, ...fields } = request.body;
      await checkCategory('video', fields.categoryId);
      const row = await change(request, async (tx) => {
        const added = await addStudioVideo(tx, fields);
        if (upload !== undefined) await queueMedia(request, tx, 'video', added, upload);
        return {
          result: added,
          change: { action: 'video.add', entity: 'video', entityId: added.id, after: audited(added) },
        };
      });
      context.onQueued();
      return videoView(row);
    },
  });

  app.route({
    ...studioRoute('videoUpdate'),
    handler: async (request) => {
      const before = await findVideo(request.params.id);
      await checkCategory('video', request.body.categoryId);
      const row = await change(request, async (tx) => {
        const after = await updateStudioVideo(tx, before, request.body);
        return {
          result: after,
          change: {
            action: 'video.update',
            entity: 'video',
            entityId: after.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
      return videoView(row);
    },
  });

  app.route({
    ...studioRoute('videoDelete'),
    handler: async (request) => {
      await remove(request, 'video', await findVideo(request.params.id));
      return { ok: true as const };
    },
  });

  app.route({
    ...studioRoute('videoMedia'),
    handler: async (request) => {
      const row = await findVideo(request.params.id);
      await change(request, async (tx) => {
        await queueMedia(request, tx, 'video', row, request.body.upload);
        return { result: undefined, change: { action: 'video.media', entity: 'video', entityId: row.id } };
      });
      context.onQueued();
      return videoView(row);
    },
  });

  app.route({
    ...studioRoute('videoPreview'),
    handler: async (request) => {
      const before = await findVideo(request.params.id);
      const [preview = '', previewCatalog = ''] = await pictureFromUpload(
        context,
        request,
        request.body.upload,
        pictureSizes.video,
      );
      const row = await change(request, async (tx) => {
        const after = await updateStudioVideo(tx, before, { preview, previewCatalog });
        return {
          result: after,
          change: {
            action: 'video.preview',
            entity: 'video',
            entityId: after.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
      await retireMedia(
        db,
        context.mediaDir,
        [ownedPath(before.preview), ownedPath(before.previewCatalog)].filter((path) => path?.startsWith('p/') === true),
      );
      return videoView(row);
    },
  });

  app.route({
    ...studioRoute('radios'),
    handler: async (request) => {
      const { count, rows } = await studioRadioPage(db, request.query);
      const jobs = await latestJobs(
        db,
        'radio',
        rows.map((row) => row.id),
      );
      return { count, results: rows.map((row) => toStudioRadio(row, jobs.get(row.id))) };
    },
  });

  app.route({
    ...studioRoute('radio'),
    handler: async (request) => radioView(await findRadio(request.params.id)),
  });

  app.route({
    ...studioRoute('radioAdd'),
    handler: async (request) => {
      const { upload, ...fields } = request.body;
      await checkCategory('radio', fields.categoryId);
      const row = await change(request, async (tx) => {
        const added = await addStudioRadio(tx, fields);
        if (upload !== undefined) await queueMedia(request, tx, 'radio', added, upload);
        return {
          result: added,
          change: { action: 'radio.add', entity: 'radio', entityId: added.id, after: audited(added) },
        };
      });
      context.onQueued();
      return radioView(row);
    },
  });

  app.route({
    ...studioRoute('radioUpdate'),
    handler: async (request) => {
      const before = await findRadio(request.params.id);
      await checkCategory('radio', request.body.categoryId);
      const row = await change(request, async (tx) => {
        const after = await updateStudioRadio(tx, before, request.body);
        return {
          result: after,
          change: {
            action: 'radio.update',
            entity: 'radio',
            entityId: after.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
      return radioView(row);
    },
  });

  app.route({
    ...studioRoute('radioDelete'),
    handler: async (request) => {
      await remove(request, 'radio', await findRadio(request.params.id));
      return { ok: true as const };
    },
  });

  app.route({
    ...studioRoute('radioMedia'),
    handler: async (request) => {
      const row = await findRadio(request.params.id);
      await change(request, async (tx) => {
        await queueMedia(request, tx, 'radio', row, request.body.upload);
        return { result: undefined, change: { action: 'radio.media', entity: 'radio', entityId: row.id } };
      });
      context.onQueued();
      return radioView(row);
    },
  });

  app.route({
    ...studioRoute('radioPreview'),
    handler: async (request) => {
      const before = await findRadio(request.params.id);
      const [preview = ''] = await pictureFromUpload(context, request, request.body.upload, pictureSizes.radio);
      const row = await change(request, async (tx) => {
        const after = await updateStudioRadio(tx, before, { preview });
        return {
          result: after,
          change: {
            action: 'radio.preview',
            entity: 'radio',
            entityId: after.id,
            before: audited(before),
            after: audited(after),
          },
        };
      });
      await retireMedia(
        db,
        context.mediaDir,
        [ownedPath(before.preview)].filter((path) => path?.startsWith('p/') === true),
      );
      return radioView(row);
    },
  });
  done();
};
