// How many players follow each live stream now, as a CDN counts them: a player is an address and a
// user agent that fetched the stream's media playlist within the window (a live player fetches it
// every target duration, 4 s), so players of one browser behind one address count once, and a
// player that stopped drops out a window after its last fetch. Only media playlists count (a master
// is fetched once; subtitles are not a viewer more).
export const audienceWindowMs = 30_000;

export class AudienceCounter {
  /** By stream, each player's last fetch. */
  readonly #seen = new Map<string, Map<string, number>>();
  readonly #windowMs: number;

  constructor(windowMs = audienceWindowMs) {
    this.#windowMs = windowMs;
  }

  /** When fetches older than the window were last forgotten. */
  #forgotAt = 0;

  /** `player` (address and user agent) fetched `stream`'s playlist at `at`. */
  saw(stream: string, player: string, at: number): void {
    // Forgotten here too, once a window, not only when read: a node nobody scrapes stays small.
    if (at - this.#forgotAt >= this.#windowMs) this.counts(at);
    let players = this.#seen.get(stream);
    if (players === undefined) {
      players = new Map();
      this.#seen.set(stream, players);
    }
    // Kept in the order of last fetch: a player seen again moves to the end.
    players.delete(player);
    players.set(player, at);
  }

  /** The players of each stream within the window before `at`; older fetches are forgotten. */
  counts(at: number): Map<string, number> {
    this.#forgotAt = at;
    const counts = new Map<string, number>();
    for (const [stream, players] of this.#seen) {
      for (const [player, seen] of players) {
        if (at - seen < this.#windowMs) break;
        players.delete(player);
      }
      counts.set(stream, players.size);
    }
    return counts;
  }

  /** The players remembered, over every stream. */
  get size(): number {
    let players = 0;
    for (const seen of this.#seen.values()) players += seen.size;
    return players;
  }
}
