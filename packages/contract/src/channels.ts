// What a live channel is, said once: whether it airs video or sound, the catalogue its schedule
// names and the spec's word for one of its days. Code that differs between TV and radio asks
// this description, not the channel's name.
import type { LiveChannelName } from './schedule.ts';

/** A channel airs video (rungs of a ladder, a master playlist) or sound (one audio rendition). */
export type ChannelKind = 'video' | 'audio';

export interface ChannelDescription {
  kind: ChannelKind;
  /** The catalogue whose items its schedule names. */
  catalogue: 'video' | 'radio';
  /** The spec's word for one of its days (`teleprogram`, `radioprogram`). */
  dayWord: 'teleprogram' | 'radioprogram';
}

export const channelDescriptions: Readonly<Record<LiveChannelName, ChannelDescription>> = {
  tv: { kind: 'video', catalogue: 'video', dayWord: 'teleprogram' },
  radio: { kind: 'audio', catalogue: 'radio', dayWord: 'radioprogram' },
};

/** Whether a channel airs sound only. */
export const airsAudio = (channel: LiveChannelName): boolean => channelDescriptions[channel].kind === 'audio';
