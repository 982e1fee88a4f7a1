import type { LoaderConfig, RetryConfig } from 'hls.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followHls } from './hls.ts';

// hls.js needs a browser; the fake records what the player asks of it and lets a test raise its events.
const { FakeHls } = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void;
  class FakeHls {
    static instances: FakeHls[] = [];
    static isSupported = (): boolean => true;
    static Events = { ERROR: 'hlsError', LEVEL_LOADED: 'hlsLevelLoaded', FRAG_BUFFERED: 'hlsFragBuffered' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    readonly handlers = new Map<string, Handler>();
    source: string | undefined;
    levels: unknown[] = [];
    loadsStarted = 0;
    mediaRecoveries = 0;
    destroyed = false;
    readonly config: Record<string, unknown>;
    constructor(config: Record<string, unknown>) {
      this.config = config;
      FakeHls.instances.push(this);
    }
    on(event: string, handler: Handler): void {
      this.handlers.set(event, handler);
    }
    emit(event: string, data: unknown): void {
      this.handlers.get(event)?.(event, data);
    }
    loadSource(url: string): void {
      this.source = url;
    }
    attachMedia(): void {
      // The element is the test's fake.
    }
    startLoad(): void {
      this.loadsStarted += 1;
    }
    recoverMediaError(): void {
      this.mediaRecoveries += 1;
    }
    destroy(): void {
      this.destroyed = true;
    }
  }
  return { FakeHls };
});
vi.mock('hls.js', () => ({ default: FakeHls }));
vi.mock('hls.js/dist/hls.worker.js?url', () => ({ default: '/assets/hls.worker.js' }));

const url = 'http://127.0.0.1:8088/tv/stream.m3u8';

interface FakeMedia {
  paused: boolean;
  currentTime: number;
  play: ReturnType<typeof vi.fn>;
  canPlayType: () => string;
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
  /** Raises an event of the element's. */
  dispatch: (type: string) => void;
}

function fakeMedia(): FakeMedia {
  const listeners = new Map<string, Set<() => void>>();
  return {
    paused: false,
    currentTime: 0,
    play: vi.fn(() => Promise.resolve()),
    canPlayType: () => '',
    addEventListener: (type, listener) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type, listener) => {
      listeners.get(type)?.delete(listener);
    },
    dispatch: (type) => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
}

const follow = (media: FakeMedia) => followHls(media as unknown as HTMLMediaElement, url);

const latest = (): InstanceType<typeof FakeHls> => {
  const instance = FakeHls.instances.at(-1);
  if (instance === undefined) throw new Error('no hls.js instance');
  return instance;
};

const fail = (type = FakeHls.ErrorTypes.NETWORK_ERROR): void => {
  latest().emit(FakeHls.Events.ERROR, { fatal: true, type, error: new Error('manifestLoadError') });
};

/** Advances the clock by `ms` and answers how many hls.js instances were made meanwhile. */
const attachedWithin = (ms: number): number => {
  const before = FakeHls.instances.length;
  vi.advanceTimersByTime(ms);
  return FakeHls.instances.length - before;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeHls.instances = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('followHls', () => {
  it('attaches the stream again after 1 s, 2 s and then every 4 s while it stays away', async () => {
    await follow(fakeMedia());
    for (const pauseMs of [1000, 2000, 4000, 4000, 4000, 4000]) {
      fail();
      expect(latest().destroyed).toBe(true);
      expect(attachedWithin(pauseMs - 1)).toBe(0);
      expect(attachedWithin(1)).toBe(1);
      expect(latest().source).toBe(url);
    }
  });

  it('waits 1 s again after an outage once the stream has played in between', async () => {
    await follow(fakeMedia());
    fail();
    vi.advanceTimersByTime(1000);
    fail();
    vi.advanceTimersByTime(2000);
    latest().emit(FakeHls.Events.FRAG_BUFFERED, {});
    fail();
    expect(attachedWithin(1000)).toBe(1);
  });

  it('rejoins a live stream at its live edge and plays it again', async () => {
    const media = fakeMedia();
    await follow(media);
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: true } });
    media.currentTime = 42;
    fail();
    media.paused = true;
    vi.advanceTimersByTime(1000);
    expect(latest().config.startPosition).toBe(-1);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('waits for a channel whose playlist closed and played to its end, joins it live and plays it', async () => {
    const media = fakeMedia();
    await followHls(media as unknown as HTMLMediaElement, url, undefined, { channel: true });
    // The channel's day ended (a closed playlist, played out) while the next one joins.
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: false } });
    media.currentTime = 12;
    media.paused = true;
    media.dispatch('ended');
    expect(latest().destroyed).toBe(true);
    expect(attachedWithin(1000)).toBe(1);
    expect(latest().config.startPosition).toBe(-1);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('leaves a recording that played to its end as it is', async () => {
    const media = fakeMedia();
    await follow(media);
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: false } });
    media.paused = true;
    media.dispatch('ended');
    expect(latest().destroyed).toBe(false);
    expect(attachedWithin(10_000)).toBe(0);
  });

  it('takes a recording up where it was, and leaves a paused one paused', async () => {
    const media = fakeMedia();
    media.paused = true;
    await follow(media);
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: false } });
    media.currentTime = 42;
    fail();
    vi.advanceTimersByTime(1000);
    expect(latest().config.startPosition).toBe(42);
    expect(media.play).not.toHaveBeenCalled();
  });

  it('recovers a media error in place once before attaching the stream again', async () => {
    await follow(fakeMedia());
    fail(FakeHls.ErrorTypes.MEDIA_ERROR);
    expect(latest().mediaRecoveries).toBe(1);
    expect(attachedWithin(60_000)).toBe(0);
    fail(FakeHls.ErrorTypes.MEDIA_ERROR);
    expect(attachedWithin(1000)).toBe(1);
  });

  it('keeps a stream that loaded before attached, playing its buffer, and loads it again after each pause', async () => {
    await follow(fakeMedia());
    const instance = latest();
    instance.levels = [{ height: 720 }];
    for (const [index, pauseMs] of [1000, 2000, 4000].entries()) {
      fail();
      vi.advanceTimersByTime(pauseMs - 1);
      expect(instance.loadsStarted).toBe(index);
      vi.advanceTimersByTime(1);
      expect(instance.loadsStarted).toBe(index + 1);
    }
    expect(instance.destroyed).toBe(false);
    expect(FakeHls.instances).toHaveLength(1);
  });

  it('attaches a stream that played and then stood still for 4 s again, at its live edge, and plays it', async () => {
    const media = fakeMedia();
    await follow(media);
    latest().emit(FakeHls.Events.LEVEL_LOADED, { details: { live: true } });
    for (const time of [1, 2, 3]) {
      media.currentTime = time;
      expect(attachedWithin(1000)).toBe(0);
    }
    expect(attachedWithin(4000)).toBe(0);
    expect(latest().destroyed).toBe(true);
    expect(attachedWithin(1000)).toBe(1);
    expect(latest().config.startPosition).toBe(-1);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('leaves a paused stream, and one that never played, as they are', async () => {
    const media = fakeMedia();
    await follow(media);
    expect(attachedWithin(60_000)).toBe(0);
    media.currentTime = 5;
    vi.advanceTimersByTime(1000);
    media.paused = true;
    expect(attachedWithin(60_000)).toBe(0);
    expect(latest().destroyed).toBe(false);
  });

  it('stops retrying once detached', async () => {
    const attachment = await follow(fakeMedia());
    fail();
    attachment.detach();
    expect(attachedWithin(60_000)).toBe(0);
  });

  it('retries a load refused while the server restarts, as hls.js alone would not, a few times', async () => {
    await follow(fakeMedia());
    for (const policy of ['manifestLoadPolicy', 'playlistLoadPolicy', 'fragLoadPolicy']) {
      const retry = (latest().config[policy] as { default: LoaderConfig }).default.errorRetry as RetryConfig;
      const refused = { url, code: 0, text: '' };
      expect(retry.shouldRetry?.(retry, 0, false, refused, false), policy).toBe(true);
      expect(retry.shouldRetry?.(retry, retry.maxNumRetry, false, refused, false), policy).toBe(false);
    }
  });
  it('never touches the element for a stream abandoned while hls.js loads (a regional copy chosen at once)', async () => {
    // A page asks for the channel, then at once for a copy: the channel's stream is abandoned
    // while hls.js loads. Attached after all, and then let go, it would empty the element the
    // copy's stream had just taken.
    const media = fakeMedia();
    const abandoned = new AbortController();
    const channel = followHls(media as unknown as HTMLMediaElement, url, undefined, { signal: abandoned.signal });
    abandoned.abort();
    (await channel).detach();
    expect(FakeHls.instances).toEqual([]);
    expect(media.play).not.toHaveBeenCalled();
    await followHls(media as unknown as HTMLMediaElement, `${url}?copy`);
    expect(FakeHls.instances.map((instance) => instance.source)).toEqual([`${url}?copy`]);
    expect(latest().destroyed).toBe(false);
  });
});
