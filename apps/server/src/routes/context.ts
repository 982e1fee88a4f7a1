import type { VisitorLimits } from '@efir/contract';
import type { CataloguePages } from '../catalogue/catalogue-pages.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { ChatFreshness } from '../chat/freshness.ts';
import type { LiveChannels } from '../live/live-channels.ts';
import type { SearchRecorder } from '../search/search-recorder.ts';

/** What the route plugins are given. */
export interface RouteContext {
  db: Db;
  clock: Clock;
  /** The caps on what visitors without an established cookie add to counters and chats. */
  visitorLimits: VisitorLimits;
  /** The schedules' time zone. */
  timeZone: string;
  chatFreshness: ChatFreshness;
  /** Drops cached answers under a path (under /api/v1) on every node, after a write they show. */
  invalidate: (path: string) => Promise<void>;
  searchRecorder: SearchRecorder;
  live: LiveChannels;
  /** The catalogues' pages from memory. */
  cataloguePages: CataloguePages;
}
