// What a live channel is, said once: whether it airs video or sound, the catalogue its schedule
// names and the spec's word for one of its days. The site's two main channels are `tv` and
// `radio`, whose days the spec's calls answer; an operator may add more of either kind, each named
// by a slug that is its streams' folder. Code that differs between kinds asks the channel's kind,
// never its name.

/** The spec's two channels, whose days its calls answer. */
export const mainChannelNames = ['tv', 'radio'] as const;
export type LiveChannelName = (typeof mainChannelNames)[number];

/** A channel airs video (rungs of a ladder, a master playlist) or sound (one audio rendition). */
export type ChannelKind = 'video' | 'audio';
export const channelKinds = ['video', 'audio'] as const satisfies readonly ChannelKind[];

/** What a kind of channel airs from and calls its days. */
export interface KindDescription {
  /** The catalogue whose items its schedule names. */
  catalogue: 'video' | 'radio';
  /** The spec's word for one of its days (`teleprogram`, `radioprogram`). */
  dayWord: 'teleprogram' | 'radioprogram';
}

export const kindDescriptions: Readonly<Record<ChannelKind, KindDescription>> = {
  video: { catalogue: 'video', dayWord: 'teleprogram' },
  audio: { catalogue: 'radio', dayWord: 'radioprogram' },
};

/** The kind of channel that airs a catalogue's items. */
export const kindOfCatalogue = { video: 'video', radio: 'audio' } as const satisfies Record<
  KindDescription['catalogue'],
  ChannelKind
>;

/** A channel as code names it: its slug (`tv`, `radio`, `kino`) and what it airs. */
export interface ChannelRef {
  slug: string;
  kind: ChannelKind;
}

/** The two channels the spec's calls answer for. */
export const mainChannels: Readonly<Record<LiveChannelName, ChannelRef>> = {
  tv: { slug: 'tv', kind: 'video' },
  radio: { slug: 'radio', kind: 'audio' },
};

export interface ChannelDescription extends KindDescription {
  kind: ChannelKind;
}

/** The main channels' descriptions. */
export const channelDescriptions: Readonly<Record<LiveChannelName, ChannelDescription>> = {
  tv: { kind: 'video', ...kindDescriptions.video },
  radio: { kind: 'audio', ...kindDescriptions.audio },
};

/** Whether a channel airs sound only. */
export const airsAudio = (channel: LiveChannelName | ChannelRef): boolean =>
  (typeof channel === 'string' ? channelDescriptions[channel].kind : channel.kind) === 'audio';

/** Whether a channel is one of the spec's two. */
export const isMainChannel = (slug: string): slug is LiveChannelName => slug in mainChannels;

/**
 * A channel's slug: its streams' folder on the media port (`/kino/stream.m3u8`) and its name in
 * the guide's ids, so lower-case Latin letters, digits and inner dashes, 2–24 characters.
 */
export const channelSlugPattern = /^[a-z][a-z0-9-]{0,22}[a-z0-9]$/u;

export const channelLimits = {
  /** Characters of a channel's name. */
  name: 60,
  /** Channels the site airs, the two main ones included: each costs its media and its log. */
  channels: 12,
} as const;

/** Slugs no added channel may take: the main channels' and the media port's own folders. */
export const reservedChannelSlugs: readonly string[] = ['tv', 'radio', 'media', 'health', 'iptv', 'api', 'studio'];

/** Why a slug cannot name a new channel, or undefined when it can. */
export function channelSlugProblem(slug: string): string | undefined {
  if (!channelSlugPattern.test(slug))
    return 'Адрес канала: 2–24 строчные латинские буквы, цифры и дефисы, с буквы, без дефиса в конце.';
  if (reservedChannelSlugs.includes(slug)) return `Адрес «${slug}» занят сайтом.`;
  return undefined;
}
