// The video and radio catalogues' read models, kept fresh by the bus's content changes: their
// pages and their searches.
import {
  apiUrl,
  catalogueItemsInMemory,
  type Locale,
  type PagedQuery,
  pageSize,
  radioSchema,
  toLatinDeep,
  videoSchema,
} from '@efir/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import { contentChangedChannel } from '../plugins/answer-cache.ts';
import { wordSimilarityThreshold } from '../db/session-settings.ts';
import { pageOrderOf } from '../repositories/prepared.ts';
import { allSearchWords, searchWordCount } from '../repositories/search.ts';
import { type CatalogueName, type CatalogueRows, publishedListing } from '../repositories/catalogues.ts';
import { type RadioRow, toRadio, toVideo, type VideoRow } from '../repositories/wire.ts';
import { SearchWords } from '../search/search-words.ts';
import { CatalogueReadModel, type PageAsked } from './read-model.ts';

export interface CataloguePages {
  videos: CatalogueReadModel<VideoRow>;
  radios: CatalogueReadModel<RadioRow>;
}

/** An item's answer JSON as the site's serializer writes it: in the script asked, checked against the contract. */
function encoder<Row, Wire>(schema: z.ZodType<Wire>, toWire: (row: Row) => Wire, toLatin: (text: string) => string) {
  return (row: Row, locale: Locale): string => {
    const wire = toWire(row);
    return JSON.stringify(z.encode(schema, locale === 'ru-latn' ? toLatinDeep(wire, toLatin) : wire));
  };
}

export async function cataloguePages(options: {
  db: Db;
  bus: Bus;
  /** How old the answers may be (the answer cache's time). */
  freshMs: number;
  toLatin: (text: string) => string;
  maxItems?: number;
}): Promise<CataloguePages> {
  const { db, freshMs, toLatin } = options;
  const maxItems = options.maxItems ?? catalogueItemsInMemory;
  const words = new SearchWords({ count: () => searchWordCount(db), all: () => allSearchWords(db) });
  const search = { words: () => words.current(), wordSimilarityThreshold };
  /** A catalogue's read model: its rows' answers by `encode`, its searches' order by `popularity`. */
  const readModel = <N extends CatalogueName>(
    name: N,
    encode: (row: CatalogueRows[N], locale: Locale) => string,
    popularity: (row: CatalogueRows[N]) => number,
  ) =>
    new CatalogueReadModel<CatalogueRows[N]>({
      load: (limit) => publishedListing(db, name, limit),
      encode,
      freshMs,
      maxItems,
      search: { ...search, id: (row) => row.id, popularity },
    });
  const videos = readModel('video', encoder(videoSchema, toVideo, toLatin), (row) => row.views);
  const radios = readModel('radio', encoder(radioSchema, toRadio, toLatin), (row) => row.plays);
  const videoPath = apiUrl('videoCatalogue');
  const radioPath = apiUrl('radioCatalogue');
  // A change names the path prefix of the answers it touches ('' for all of them); what changes
  // a catalogue's pages changes its searches too.
  await options.bus.subscribe(contentChangedChannel, (prefix) => {
    if (videoPath.startsWith(prefix)) videos.changed();
    if (radioPath.startsWith(prefix)) radios.changed();
  });
  return { videos, radios };
}

/** The page a catalogue call asks for. */
export function pageAsked(query: PagedQuery): PageAsked {
  return {
    order: pageOrderOf(query),
    category: query.category_id === '' ? undefined : query.category_id,
    page: query.page,
    size: pageSize,
  };
}

/** Sends an answer already encoded, with the content type the site's serializer gives one. */
export function sendEncoded(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
