import type { Audience } from '../audience/audience.ts';
import type { ChatFreshness } from '../chat/freshness.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { LiveChannels } from '../live/live-channels.ts';
import type { MediaTools } from '../media/ffmpeg.ts';
import type { SessionLimits } from '../repositories/studio-accounts.ts';
import type { Channels } from '../channels/channel-service.ts';
import type { ScheduleDays } from '../schedule/schedule-days.ts';
import type { Uploads } from './uploads.ts';

/** What the studio's route plugins are given. */
export interface StudioContext {
  db: Db;
  clock: Clock;
  session: SessionLimits;
  /** Over https the session cookie is Secure. */
  publicUrl: string;
  /** DATA_DIR/media: removing an item removes its files here. */
  mediaDir: string;
  /** ffmpeg and ffprobe, for the pictures editors upload. */
  tools: MediaTools;
  uploads: Uploads;
  live: LiveChannels;
  /** Writes the channels' days (the one way, shared with the operators' calls). */
  schedule: ScheduleDays;
  /** Lists and adds channels (the one way, shared with the operators' calls). */
  channels: Channels;
  /** The port the live streams are served on. */
  mediaPort: number;
  /** Drops every cached public answer on every node: a change shows at once. */
  published: () => Promise<void>;
  /** What each chat room shows: moderation tells it, so visitors' polls answer anew. */
  chatFreshness: ChatFreshness;
  /** A job was queued: the worker looks at the queue now. */
  onQueued: () => void;
  /** The players now and over time, on every node. */
  audience: Audience;
}
