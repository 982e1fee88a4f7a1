// How many players follow each live stream now, as a CDN counts them: a player is an address and a
// user agent that fetched the stream's media playlist within the window (a live player fetches it
// every target duration, 4 s), so players of one browser behind one address count once, and a
// player that stopped drops out a window after its last fetch. Only media playlists count (a master
// is fetched once; subtitles are not a viewer more).
import { audienceLimits } from '@efir/contract';

export const audienceWindowMs = audienceLimits.windowSeconds * 1000;

/** A media playlist players follow: its path, and the channel's copy and rung it carries. */
export interface FollowedStream {
  path: string;
  channel: string;
  shiftMinutes: number;
  /** A video rung's height (`720`), or an audio channel's playlist (`m3u`, `apple`). */
  rung: string;
}

export interface FollowedCount {
  stream: FollowedStream;
  players: number;
}

export class AudienceCounter {
  /** By stream path, the stream and each player's last fetch. */
  readonly #seen = new Map<string, { stream: FollowedStream; players: Map<string, number> }>();
  readonly #windowMs: number;

  constructor(windowMs = audienceWindowMs) {
    this.#windowMs = windowMs;
  }

  /** When fetches older than the window were last forgotten. */
  #forgotAt = 0;

  /** `player` (address and user agent) fetched `stream`'s playlist at `at`. */
  saw(stream: FollowedStream, player: string, at: number): void {
    // Forgotten here too, once a window, not only when read: a node nobody scrapes stays small.
    if (at - this.#forgotAt >= this.#windowMs) this.counts(at);
    let seen = this.#seen.get(stream.path);
    if (seen === undefined) {
      seen = { stream, players: new Map() };
      this.#seen.set(stream.path, seen);
    }
    // Kept in the order of last fetch: a player seen again moves to the end.
    seen.players.delete(player);
    seen.players.set(player, at);
  }

  /** The players of each stream ever followed, within the window before `at`; older fetches are
   * forgotten. */
  counts(at: number): FollowedCount[] {
    this.#forgotAt = at;
    const counts: FollowedCount[] = [];
    for (const { stream, players } of this.#seen.values()) {
      for (const [player, seen] of players) {
        if (at - seen < this.#windowMs) break;
        players.delete(player);
      }
      counts.push({ stream, players: players.size });
    }
    return counts;
  }

  /** The players remembered, over every stream. */
  get size(): number {
    let players = 0;
    for (const { players: seen } of this.#seen.values()) players += seen.size;
    return players;
  }
}
