// A catalogue's items as the studio edits them, written once and told the catalogue: a page of the
// list, one item, adding one (with an upload that makes its media), changing its fields, new media
// or a new picture from an upload, and removing one no schedule names. What differs between videos
// and radios (their tables, their views, their pictures, their words) is each one's shape.
import { type StudioRadio, type StudioVideo } from '@efir/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { ownedPath, retireMedia } from '../media/media-files.ts';
import { type PictureSize, pictureSizes } from '../media/pictures.ts';
import { categoryExists } from '../repositories/catalogues.ts';
import { enqueueIngest, type IngestKind } from '../repositories/ingest-jobs.ts';
import {
  addStudioRadio,
  addStudioVideo,
  type CatalogueKind,
  findStudioItem,
  type IngestJobRow,
  latestJobs,
  type ListFilter,
  type RadioEdit,
  removeCatalogueItem,
  scheduleDaysUsing,
  studioItemPage,
  type StudioRows,
  updateStudioRadio,
  updateStudioVideo,
  type VideoEdit,
} from '../repositories/studio-catalogue.ts';
import { callerOf } from './access.ts';
import type { StudioContext } from './context.ts';
import { pictureFromUpload } from './pictures.ts';
import { publicChanges } from './public-changes.ts';
import { toStudioRadio, toStudioVideo } from './views.ts';

/** What one catalogue's items are to the studio. */
interface ItemShape<K extends CatalogueKind, View, Fields, Edit, Row = StudioRows[K]> {
  kind: K;
  /** The answer to an id that names no item. */
  noSuch: string;
  /** The refusal to remove an item the schedule names on `days` («3 дня: …»). */
  scheduled: (days: string) => string;
  add: (db: Db, fields: Fields) => Promise<Row>;
  update: (db: Db, before: Row, edit: Edit) => Promise<Row>;
  view: (row: Row, job: IngestJobRow | undefined) => View;
  /** Its media's and pictures' links, retired with it. */
  files: (row: Row) => string[];
  /** The sizes a new picture is saved in, and the fields they go to. */
  pictureSizes: readonly PictureSize[];
  pictures: (saved: readonly string[]) => Edit;
  /** Its pictures' links, retired when a new picture replaces them. */
  picturesOf: (row: Row) => string[];
}

const videoShape: ItemShape<'video', StudioVideo, Parameters<typeof addStudioVideo>[1], VideoEdit> = {
  kind: 'video',
  noSuch: 'Нет такого видео.',
  scheduled: (days) => `Нельзя удалить: видео стоит в программе на ${days}. Сначала уберите его оттуда.`,
  add: addStudioVideo,
  update: updateStudioVideo,
  view: toStudioVideo,
  files: (row) => [row.masterPlaylist, row.preview, row.previewCatalog],
  pictureSizes: pictureSizes.video,
  pictures: ([preview = '', previewCatalog = '']) => ({ preview, previewCatalog }),
  picturesOf: (row) => [row.preview, row.previewCatalog],
};

const radioShape: ItemShape<'radio', StudioRadio, Parameters<typeof addStudioRadio>[1], RadioEdit> = {
  kind: 'radio',
  noSuch: 'Нет такой радиозаписи.',
  scheduled: (days) => `Нельзя удалить: запись стоит в программе на ${days}. Сначала уберите её оттуда.`,
  add: addStudioRadio,
  update: updateStudioRadio,
  view: toStudioRadio,
  files: (row) => [row.audioPlaylist, row.preview],
  pictureSizes: pictureSizes.radio,
  pictures: ([preview = '']) => ({ preview }),
  picturesOf: (row) => [row.preview],
};

const dayForms = { one: 'день', few: 'дня', many: 'дней', other: 'дня' } as const;
const dayRule = new Intl.PluralRules('ru-RU');

/** «1 день: 2026-11-20», «3 дня: …», the first ten days named. */
function daysOf(days: readonly string[]): string {
  const count = `${String(days.length)} ${dayForms[dayRule.select(days.length) as keyof typeof dayForms]}`;
  return `${count}: ${days.slice(0, 10).join(', ')}${days.length > 10 ? '…' : ''}`;
}

/** What the audit log keeps of an item: its own fields, not its search copies. */
function audited(row: object): object {
  const { searchLatin: _latin, searchVector: _vector, ...fields } = row as Record<string, unknown>;
  return fields;
}

/** A picture of the studio's own (under p/), not one made with the media, is retired when replaced. */
const ownPictures = (links: readonly string[]) =>
  links.map(ownedPath).filter((path) => path?.startsWith('p/') === true);

function catalogueItems<
  K extends CatalogueKind,
  View,
  Fields extends { categoryId: number },
  Edit extends { categoryId?: number | undefined },
>(context: StudioContext, shape: ItemShape<K, View, Fields, Edit>) {
  type Row = StudioRows[K];
  const { db } = context;
  const { kind } = shape;
  const { change } = publicChanges(context);

  const view = async (row: Row): Promise<View> => shape.view(row, (await latestJobs(db, kind, [row.id])).get(row.id));
  const find = async (id: number): Promise<Row> => {
    const row = await findStudioItem(db, kind, id);
    if (row === undefined) throw new HttpError(404, shape.noSuch);
    return row;
  };
  const checkCategory = async (id: number | undefined): Promise<void> => {
    if (id !== undefined && !(await categoryExists(db, kind, id))) throw new HttpError(400, 'Нет такой рубрики.');
  };
  /** Queues an item's media from an upload of the caller's. */
  const queueMedia = async (request: FastifyRequest, tx: Db, item: Row, upload: string): Promise<void> => {
    const { file } = await context.uploads.take(upload, callerOf(request).user.id);
    await queueJob(request, tx, item, `${kind}-media`, { file });
  };
  const queueJob = (request: FastifyRequest, tx: Db, item: Row, job: IngestKind, source: object) =>
    enqueueIngest(tx, job, { ...source, itemId: item.id, name: item.name }, { itemId: item.id, requestId: request.id });
  /** Writes a change of an item with its audit entry: what it was and what it is. */
  const edit = (request: FastifyRequest, action: string, before: Row, write: (tx: Db) => Promise<Row>) =>
    change(request, async (tx) => {
      const after = await write(tx);
      return {
        result: after,
        change: {
          action: `${kind}.${action}`,
          entity: kind,
          entityId: after.id,
          before: audited(before),
          after: audited(after),
        },
      };
    });

  const items = {
    async list(filter: ListFilter): Promise<{ count: number; results: View[] }> {
      const { count, rows } = await studioItemPage(db, kind, filter);
      const jobs = await latestJobs(
        db,
        kind,
        rows.map((row) => row.id),
      );
      return { count, results: rows.map((row) => shape.view(row, jobs.get(row.id))) };
    },

    one: async (id: number): Promise<View> => view(await find(id)),

    async add(request: FastifyRequest, fields: Fields, upload: string | undefined): Promise<View> {
      await checkCategory(fields.categoryId);
      const row = await change(request, async (tx) => {
        const added = await shape.add(tx, fields);
        if (upload !== undefined) await queueMedia(request, tx, added, upload);
        return {
          result: added,
          change: { action: `${kind}.add`, entity: kind, entityId: added.id, after: audited(added) },
        };
      });
      context.onQueued();
      return view(row);
    },

    async update(request: FastifyRequest, id: number, changes: Edit): Promise<View> {
      const before = await find(id);
      await checkCategory(changes.categoryId);
      return view(await edit(request, 'update', before, (tx) => shape.update(tx, before, changes)));
    },

    /** Removes an item no schedule names, with its media and picture files. */
    async remove(request: FastifyRequest, id: number): Promise<void> {
      const row = await find(id);
      const days = await scheduleDaysUsing(db, kind, row.id);
      if (days.length > 0) throw new HttpError(409, shape.scheduled(daysOf(days)));
      await change(request, async (tx) => {
        await removeCatalogueItem(tx, kind, row.id);
        return {
          result: undefined,
          change: { action: `${kind}.delete`, entity: kind, entityId: row.id, before: audited(row) },
        };
      });
      await retireMedia(db, context.mediaDir, shape.files(row).map(ownedPath));
      context.onQueued();
    },

    /**
     * A job of `job`'s kind on an item, audited as `action`: what `prepare` makes of the item (a
     * change it checks, a file it takes) is the job's source, and what of it the audit log keeps;
     * the item stays as it is until the job is done.
     */
    async queue(
      request: FastifyRequest,
      id: number,
      action: string,
      job: IngestKind,
      prepare: (row: Row) => Promise<{ source: object; audited?: object }>,
    ): Promise<View> {
      const row = await find(id);
      const { source, audited: after } = await prepare(row);
      await change(request, async (tx) => {
        await queueJob(request, tx, row, job, source);
        return { result: undefined, change: { action: `${kind}.${action}`, entity: kind, entityId: row.id, after } };
      });
      context.onQueued();
      return view(await find(id));
    },

    /** A new picture from an upload, in the catalogue's sizes; a picture of the studio's it replaces is retired. */
    async picture(request: FastifyRequest, id: number, upload: string): Promise<View> {
      const before = await find(id);
      const saved = await pictureFromUpload(context, request, upload, shape.pictureSizes);
      const row = await edit(request, 'preview', before, (tx) => shape.update(tx, before, shape.pictures(saved)));
      await retireMedia(db, context.mediaDir, ownPictures(shape.picturesOf(before)));
      return view(row);
    },
  };
  return {
    ...items,
    /** New media from an upload: made in the background, the old ones playing until then. */
    media: (request: FastifyRequest, id: number, upload: string): Promise<View> =>
      items.queue(request, id, 'media', `${kind}-media`, async () => {
        const { file } = await context.uploads.take(upload, callerOf(request).user.id);
        return { source: { file } };
      }),
  };
}

/** The studio's videos and radios, each one implementation told its catalogue. */
export function studioCatalogues(context: StudioContext) {
  return { videos: catalogueItems(context, videoShape), radios: catalogueItems(context, radioShape) };
}
