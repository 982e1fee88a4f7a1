// `efir channel …`: the channels, on the running site's operators' calls (which air an added one
// at once) or on the database (read by the site when it starts).
import { type AdminClient, type ChannelAdd, channelAddSchema, type ChannelView } from '@efir/contract';
import { parseArgs } from 'node:util';
import { type Channels, channelService } from '../channels/channel-service.ts';
import type { Database } from '../db/database.ts';
import { parsed, UsageError } from './usage.ts';

export type ChannelAction = { kind: 'channel-list' } | { kind: 'channel-add'; channel: ChannelAdd };

/** Listing and adding channels, as the command line does either. */
interface ChannelBook extends Pick<Channels, 'list'> {
  add(wanted: ChannelAdd): Promise<ChannelView>;
}

/** The channels, wherever they are: the running site's operators' calls (which air an added one
 * at once) or the database (read by the site when it starts). */
export function siteChannels(admin: AdminClient): ChannelBook {
  return { list: () => admin('channels'), add: (wanted) => admin('channelAdd', { body: wanted }) };
}

export function localChannels(database: Database): ChannelBook {
  const channels = channelService({ db: database.db });
  return { list: () => channels.list(), add: (wanted) => channels.add({ name: 'cli', address: 'local' }, wanted) };
}

export function describeChannel(channel: ChannelView): string {
  return `${channel.slug} ${channel.kind} «${channel.name}»${channel.main ? ' (main)' : ''}`;
}

/** What `channel …` asks for. */
export function channelAction(sub: string | undefined, args: string[]): ChannelAction {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' }, kind: { type: 'string' } },
  });
  if (sub === 'list' && positionals.length === 0) return { kind: 'channel-list' };
  if (sub === 'add' && positionals.length === 1) {
    const channel = parsed(channelAddSchema, { slug: positionals[0], name: values.name, kind: values.kind }, 'channel');
    return { kind: 'channel-add', channel };
  }
  throw new UsageError(`unknown command: channel ${[sub, ...args].join(' ')}`);
}
