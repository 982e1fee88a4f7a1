// What only the radio catalogue has: radios by id, the popular lists, the listing groups, and
// writing a radio's audio. What it shares with the video's is in catalogues.ts.
import { showcaseLimits } from '@efir/contract';
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { popularPick, radio, radioListing } from '../db/schema/index.ts';
import { radioColumns } from './columns.ts';
import { searchLatinOf } from '../search/latin-words.ts';
import type { RadioRow } from './wire.ts';

const published = eq(radio.draft, 0);

export async function findRadios(db: Db, ids: number[]): Promise<Map<number, RadioRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(radioColumns).from(radio).where(inArray(radio.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A popular list of the radio page: the editors' picks of a kind (1 programmes, 2 songs) that
 * are published and of that kind, in their order, then the most played others. */
export async function popularRadios(
  db: Db,
  kind: 1 | 2,
  limit: number = showcaseLimits.popularPlaces,
): Promise<RadioRow[]> {
  const picked = await db
    .select(radioColumns)
    .from(popularPick)
    .innerJoin(radio, eq(radio.id, popularPick.radioId))
    .where(and(eq(popularPick.kind, kind), published, eq(radio.kind, kind)))
    .orderBy(asc(popularPick.position))
    .limit(limit);
  const rest = await db
    .select(radioColumns)
    .from(radio)
    .where(
      and(
        published,
        eq(radio.kind, kind),
        picked.length === 0
          ? undefined
          : notInArray(
              radio.id,
              picked.map((row) => row.id),
            ),
      ),
    )
    .orderBy(desc(radio.plays), desc(radio.id))
    .limit(limit - picked.length);
  return [...picked, ...rest];
}

/** The radio catalogue's listing groups with their published radios, in the editors' order. */
export async function radioListingGroups(db: Db) {
  const groups = await db.select().from(radioListing).orderBy(asc(radioListing.position), asc(radioListing.id));
  const radios = await findRadios(db, [...new Set(groups.flatMap((group) => group.radioIds))]);
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    radios: group.radioIds.flatMap((id) => {
      const row = radios.get(id);
      return row !== undefined && row.draft === 0 ? [row] : [];
    }),
  }));
}

/** Adds a radio whose audio is ready; answers its id. */
export async function addRadio(
  db: Db,
  fields: {
    name: string;
    author: string;
    durationSeconds: number;
    draft: number;
    kind: 1 | 2;
    categoryId: number;
    audioPlaylist: string;
    audioFile: string;
    preview: string;
  },
): Promise<number> {
  const rows = await db
    .insert(radio)
    .values({ ...fields, mediaReadyAt: new Date(), searchLatin: searchLatinOf(fields.name, fields.author) })
    .returning({ id: radio.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the insert returned no row');
  return id;
}

/** Gives a catalogue radio its audio, made after it was written, with what came with it (its
 * length, its file to save, its cover) when given. */
export async function setRadioAudio(
  db: Db,
  id: number,
  audioPlaylist: string,
  made: { durationSeconds?: number; audioFile?: string; preview?: string } = {},
): Promise<boolean> {
  const rows = await db
    .update(radio)
    .set({
      audioPlaylist,
      ...(made.durationSeconds === undefined ? {} : { durationSeconds: made.durationSeconds }),
      ...(made.audioFile === undefined ? {} : { audioFile: made.audioFile }),
      ...(made.preview === undefined ? {} : { preview: made.preview }),
      mediaReadyAt: new Date(),
    })
    .where(eq(radio.id, id))
    .returning({ id: radio.id });
  return rows.length > 0;
}
