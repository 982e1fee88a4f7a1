// A channel's live and rewind playlists as this node answers them: rendered from the aired log it
// holds, each kept by what decides its bytes (so every node writes the same bytes and a request
// costs a lookup), and the last answer held until it can change.
import type { ChannelSubtitleLanguage } from '@efir/contract';
import type { AiredMemory } from './aired-memory.ts';
import { type ChannelMedia, referenceRung, rungSlot } from './channel-media.ts';
import { type LiveWindow, liveWindow, livePlaylist, type RewindWindow, rewindWindow } from './live-playlist.ts';

export interface LivePlaylistAnswer {
  text: string;
  /** The text as UTF-8, ready to send. */
  body: Buffer;
  /** The channel stopped airing: the playlist is closed with EXT-X-ENDLIST. */
  ended: boolean;
}

interface HeldAnswer {
  from: number;
  /** When the answer may change: the next segment's start, the end of the air, or the frontier. */
  until: number;
  answer: LivePlaylistAnswer | undefined;
}

/** What a playlist lists: a rung's segments (the radio's one rendition: none given), or the
 * subtitle segments in a language that air with them. */
export type Rendition = number | `subs/${ChannelSubtitleLanguage}`;

/** Why a rewind was refused: an answer's status and words. */
export interface RewindProblem {
  status: 400 | 404 | 410;
  detail: string;
}

/** A window's playlist for a rung, from `cache` by what decides its bytes (`key`), or written and
 * kept there, the oldest of more than `size` forgotten. */
function rendered(
  cache: Map<string, LivePlaylistAnswer>,
  size: number,
  key: string,
  window: LiveWindow | RewindWindow,
  uriOf: (uri: string) => string,
): LivePlaylistAnswer {
  let answer = cache.get(key);
  if (answer === undefined) {
    const text = livePlaylist(window, uriOf);
    answer = { text, body: Buffer.from(text), ended: window.ended };
    cache.set(key, answer);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
  }
  return answer;
}

export class ChannelPlaylists {
  private readonly rendered = new Map<string, LivePlaylistAnswer>();
  /** Rewound playlists, by what decides their bytes: fewer, as each can be long. */
  private readonly rewound = new Map<string, LivePlaylistAnswer>();
  private readonly held = new Map<string, HeldAnswer>();

  private readonly aired: AiredMemory;
  /** How far back the channel can be rewound (ms). */
  private readonly rewindMs: number;
  private readonly media: ChannelMedia;

  constructor(aired: AiredMemory, rewindMs: number, media: ChannelMedia) {
    this.aired = aired;
    this.rewindMs = rewindMs;
    this.media = media;
  }

  /** How a window's entries are named in a rendition's playlist, once what that needs is read:
   * a rung's segments with the rung filled in, or the subtitle segments airing with them. */
  private async namer(window: LiveWindow, rendition: Rendition | undefined): Promise<(uri: string) => string> {
    if (typeof rendition !== 'string') {
      const slot = String(rendition ?? referenceRung);
      return (uri) => uri.replace(rungSlot, slot);
    }
    const language = rendition.slice('subs/'.length);
    await this.media.readSubtitles(window.entries.map((entry) => entry.uri));
    return (uri) => this.media.subtitleOf(uri, language);
  }

  /** Forgets the answers held (after a change of the schedule): the next request works again. */
  forgetHeld(): void {
    this.held.clear();
  }

  /** The playlist `playlist` would answer at t, when it holds one for that instant: no work, no wait. */
  heldPlaylist(t: number, rendition?: Rendition): { answer: LivePlaylistAnswer | undefined } | undefined {
    const held = this.held.get(String(rendition ?? referenceRung));
    return held !== undefined && t >= held.from && t < held.until ? held : undefined;
  }

  /**
   * The live media playlist at t (a TV rung's, or the radio's), or undefined off air. For a while
   * after the channel stops airing, its last window is answered closed with EXT-X-ENDLIST. An
   * answer is held until it can change, so a request in between costs a lookup.
   */
  async playlist(t: number, rendition?: Rendition): Promise<LivePlaylistAnswer | undefined> {
    const slot = String(rendition ?? referenceRung);
    const held = this.held.get(slot);
    if (held !== undefined && t >= held.from && t < held.until) return held.answer;
    await this.aired.ensure(t);
    const frontier = this.aired.frontier ?? t;
    const window = t < this.aired.heldFrom ? undefined : liveWindow(this.aired.entries, t);
    const first = window?.entries[0];
    const last = window?.entries.at(-1);
    if (window === undefined || first === undefined || last === undefined) {
      this.held.set(slot, { from: t, until: Math.min(t + 1000, frontier), answer: undefined });
      return undefined;
    }
    const answer = rendered(
      this.rendered,
      64,
      `${first.sequence}|${last.sequence}|${slot}|${window.ended}`,
      window,
      await this.namer(window, rendition),
    );
    this.held.set(slot, { from: t, until: Math.min(window.until, frontier), answer });
    return answer;
  }

  /** Why the channel cannot be rewound to `from` (up to `until`) at t, or undefined when it can. */
  rewindProblem(t: number, from: number, until: number | undefined): RewindProblem | undefined {
    if (from > t) return { status: 400, detail: 'The start is later than now: the channel has not aired it yet.' };
    if (until !== undefined && until <= from) return { status: 400, detail: 'The end must be later than the start.' };
    const oldest = t - this.rewindMs;
    if (from >= oldest) return undefined;
    return {
      status: 410,
      detail: `The channel can be rewound ${String(this.rewindMs / 3_600_000)} h: from ${new Date(oldest).toISOString()} on.`,
    };
  }

  /**
   * The rewind form of the live playlist at t: the channel as it aired from `from` on (to `until`
   * if given), from the aired log, so every node writes the same bytes. It starts at the segment
   * airing at `from` and tells players to start at `from` itself; it grows like the live playlist
   * and closes once `until` has aired.
   */
  async rewind(
    t: number,
    from: number,
    until: number | undefined,
    rendition?: Rendition,
  ): Promise<LivePlaylistAnswer | RewindProblem> {
    await this.aired.ensure(t);
    const problem = this.rewindProblem(t, from, until);
    if (problem !== undefined) return problem;
    await this.aired.holding(from);
    const window = rewindWindow(this.aired.entries, from, until, t);
    const first = window?.entries[0];
    const last = window?.entries.at(-1);
    if (window === undefined || first === undefined || last === undefined) {
      return { status: 404, detail: 'Nothing aired on this channel in that time.' };
    }
    const slot = String(rendition ?? referenceRung);
    const key = `${first.sequence}|${last.sequence}|${slot}|${window.closed}|${window.startOffset}`;
    return rendered(this.rewound, 32, key, window, await this.namer(window, rendition));
  }
}
