// The channels the site airs, as operators list and add them: one way, whoever asks (the
// operators' calls and their command line, the studio). A running site airs a channel added here
// at once, and every other node when the bus tells it (channelsChangedChannel); one started later
// reads the table.
import { channelLimits, channelSlugProblem, type ChannelAdd, type ChannelView, isMainChannel } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { type Actor, recordChange } from '../repositories/audit.ts';
import { type ChannelRow, channelRows, insertChannel, lockChannels, writeChannelLogo } from './channel-rows.ts';

/** Where a node tells the others that the channels' table changed. */
export const channelsChangedChannel = 'efir:channels-changed';

export interface Channels {
  list(): Promise<ChannelView[]>;
  /** Adds a channel and airs it; 400 for a slug or name it cannot take, 409 for a taken slug. */
  add(actor: Actor, wanted: ChannelAdd): Promise<ChannelView>;
  /** Gives a channel a new logo (a picture's address); 404 when there is none by the slug.
   * Answers the channel and the logo it had. */
  setLogo(actor: Actor, slug: string, logo: string): Promise<{ channel: ChannelView; before: string | null }>;
}

const toView = (row: ChannelRow): ChannelView => ({
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  main: isMainChannel(row.slug),
  logo: row.logo,
});

export function channelService(options: {
  db: Db;
  /** A channel was added or changed: the running site airs it as it is now (nothing when the
   * command line works alone). */
  changed?: (slug: string) => Promise<void>;
}): Channels {
  const { db } = options;
  return {
    async list() {
      return (await channelRows(db)).map(toView);
    },

    async add(actor, wanted) {
      const problem = channelSlugProblem(wanted.slug);
      if (problem !== undefined) throw new HttpError(400, problem);
      const row = await db.transaction(async (tx) => {
        // One adding at a time, so that two cannot pass the count together.
        await lockChannels(tx);
        if ((await channelRows(tx)).length >= channelLimits.channels) {
          throw new HttpError(400, `Каналов может быть не больше ${String(channelLimits.channels)}.`);
        }
        const added = await insertChannel(tx, wanted);
        if (added === undefined) throw new HttpError(409, `Адрес «${wanted.slug}» уже занят другим каналом.`);
        await recordChange(tx, actor, { action: 'channel.add', entity: 'channel', after: toView(added) });
        return added;
      });
      await options.changed?.(row.slug);
      return toView(row);
    },

    async setLogo(actor, slug, logo) {
      const written = await db.transaction(async (tx) => {
        const rows = await writeChannelLogo(tx, slug, logo);
        if (rows === undefined) throw notFound(`Канала «${slug}» нет.`);
        await recordChange(tx, actor, {
          action: 'channel.logo',
          entity: 'channel',
          before: { slug, logo: rows.before.logo },
          after: { slug, logo },
        });
        return rows;
      });
      await options.changed?.(slug);
      return { channel: toView(written.after), before: written.before.logo };
    },
  };
}
