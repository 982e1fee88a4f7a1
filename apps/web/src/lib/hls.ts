// Attaches an HLS source to a media element: natively where the browser plays HLS itself
// (Safari, iOS), else through hls.js, which is loaded only now, when a screen plays something.
// hls.js's ES module build cannot make its transmuxing worker by itself: it is given the worker's
// file, so segments are remuxed off the main thread and the page stays responsive while it plays.
import { playerBehindLive } from '@efir/contract';
import type Hls from 'hls.js';
import type { HlsConfig, LoaderConfig, RetryConfig } from 'hls.js';
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import { type Backoff, createBackoff } from './backoff.ts';
import { createStallWatch } from './stall-watch.ts';

export interface HlsAttachment {
  /** Releases the source and hls.js, if it was used, and stops any recovery under way. */
  detach: () => void;
}

/** A followed live stream also tells the wall-clock time of the picture it shows (the playlist's
 * PROGRAM-DATE-TIME at the playing position), which a live page's strip follows, and the address
 * of the segment playing, where the player says it (hls.js; not Safari's own). */
export interface FollowedStream extends HlsAttachment {
  playingDate: () => Date | undefined;
  playingSegment: () => string | undefined;
}

export function playsHlsNatively(media: HTMLMediaElement): boolean {
  return media.canPlayType('application/vnd.apple.mpegurl') !== '';
}

type HlsClass = typeof Hls;

async function loadHls(): Promise<HlsClass> {
  return (await import('hls.js')).default;
}

/** The browser's own HLS only where hls.js cannot run (no Media Source Extensions: iPhone). */
const playsNativelyOnly = (Hls: HlsClass, media: HTMLMediaElement): boolean =>
  !Hls.isSupported() && playsHlsNatively(media);

function attachNative(media: HTMLMediaElement, url: string): HlsAttachment {
  media.src = url;
  return {
    detach: () => {
      media.removeAttribute('src');
      media.load();
    },
  };
}

/** Attaches a recording once; a failure is final (a missing file is an answer, not an outage). */
export async function attachHls(
  media: HTMLMediaElement,
  url: string,
  onFatal: (error: unknown) => void,
): Promise<HlsAttachment> {
  const Hls = await loadHls();
  if (playsNativelyOnly(Hls, media)) return attachNative(media, url);
  const hls = new Hls({ enableWorker: true, workerPath: hlsWorkerUrl });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal(data.error);
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    detach: () => {
      hls.destroy();
    },
  };
}

// hls.js retries a failed load only for a 5xx or a timeout, and gives up at once on a 4xx or a
// refused connection (status 0), which is what a restarting server gives. Our streams come back:
// every failure is tried again, a few times, while what is buffered plays on.
const retryEveryFailure: NonNullable<RetryConfig['shouldRetry']> = (config, retryCount) =>
  config != null && retryCount < config.maxNumRetry;

const patience = (maxNumRetry: number): RetryConfig => ({
  maxNumRetry,
  retryDelayMs: 500,
  maxRetryDelayMs: 4000,
  backoff: 'exponential',
  shouldRetry: retryEveryFailure,
});

const loadPolicy = (maxLoadTimeMs: number, maxNumRetry: number): { default: LoaderConfig } => ({
  default: {
    maxTimeToFirstByteMs: 10_000,
    maxLoadTimeMs,
    timeoutRetry: patience(maxNumRetry),
    errorRetry: patience(maxNumRetry),
  },
});

/** About 4 s of retries for a playlist and 8 s for a segment before hls.js calls it fatal. */
const followingConfig: Partial<HlsConfig> = {
  // Two target durations behind the live edge (hls.js's default is three): the picture is as near
  // the clock as the server's window allows.
  liveSyncDurationCount: playerBehindLive.targetDurations,
  manifestLoadPolicy: loadPolicy(20_000, 3),
  playlistLoadPolicy: loadPolicy(20_000, 3),
  fragLoadPolicy: loadPolicy(120_000, 4),
};

/**
 * How far behind its live edge a channel followed live may fall (in target durations) before
 * hls.js jumps back to `liveSyncDurationCount` behind it: a stall, a slow machine or a tab in the
 * background would otherwise leave the picture ever later (hls.js also adds a second to its
 * distance per stall, up to one target duration). A rewound stream is behind on purpose: not it.
 */
const maxBehindLiveCount = 4;

/** How long a stream that played may stand still, while it should play, before it is attached
 * again: longer than hls.js takes to switch renditions or skip a hole, well within the 10 s in
 * which a viewer expects the picture back. */
const stallMs = 4000;

/**
 * Follows a stream that may go away and come back (a network blip, a server restart, a channel
 * off air and back): loads are retried (`followingConfig`); after a pause of 1 s doubling to 4 s,
 * a stream that stopped loading starts loading again, and one that never loaded or broke is
 * attached again, until it plays again or the attachment is detached. A fatal media error is first
 * recovered in place, and one that stands still with nothing reported (`createStallWatch`) is
 * attached again. Attached again, a live stream rejoins at its live edge, a recording where
 * it was, and what was playing plays again; `onRecovering` is told then (the element was emptied).
 */
export async function followHls(
  media: HTMLMediaElement,
  url: string | (() => string),
  onRecovering: () => void = () => undefined,
  /** A live channel: its playlist closed (`#EXT-X-ENDLIST`: off the air, or a day that ended while
   * the next one joins) and played to its end, it is waited for again and joined at its live edge.
   * `signal`: the screen no longer wants the stream; aborted while hls.js loads, the element is
   * never touched (a stream asked for after it may have it already). `nearLive`: followed at its
   * live edge, it is kept within `maxBehindLiveCount` target durations of it. `height`: a master
   * playlist played at that rung only (a recording's chosen quality), its other renditions (the
   * subtitles) with it; `nativeUrl`: what the browser's own HLS plays instead (that rung's own
   * playlist, as it would pick a rung by itself from the master). */
  {
    channel = false,
    nearLive = false,
    signal,
    height,
    nativeUrl,
  }: { channel?: boolean; nearLive?: boolean; signal?: AbortSignal; height?: number; nativeUrl?: string } = {},
): Promise<FollowedStream> {
  const Hls = await loadHls();
  if (signal?.aborted === true)
    return { detach: () => undefined, playingDate: () => undefined, playingSegment: () => undefined };
  const backoff = createBackoff();
  // A rewound live stream is asked again from where it plays, not from where it first started.
  const source = typeof url === 'string' ? () => url : url;
  if (playsNativelyOnly(Hls, media)) {
    return followNative(media, nativeUrl === undefined ? source : () => nativeUrl, backoff, onRecovering);
  }
  let hls: Hls | undefined;
  let live = true;
  let position = -1;
  let mediaRecoveryTried = false;
  let resume = false;
  let playingSegment: string | undefined;

  const attachAgain = (instance: Hls, play = !media.paused): void => {
    // Whether it played is read before the element is emptied, once per outage.
    if (!backoff.failing) resume = play;
    position = media.currentTime;
    instance.destroy();
    hls = undefined;
    playingSegment = undefined;
    backoff.schedule(() => {
      onRecovering();
      connect();
    });
  };
  const onEnded = (): void => {
    if (!channel || hls === undefined) return;
    live = true;
    attachAgain(hls, true);
  };
  media.addEventListener('ended', onEnded);
  const stall = createStallWatch(stallMs);
  const watch = setInterval(() => {
    const shouldPlay = hls !== undefined && !media.paused && !media.ended && !media.seeking;
    if (stall.observe(media.currentTime, shouldPlay, Date.now()) && hls !== undefined) {
      console.error(new Error(`the stream stood still for ${String(stallMs / 1000)} s: attached again`));
      attachAgain(hls);
    }
  }, 1000);

  const connect = (): void => {
    const instance = new Hls({
      enableWorker: true,
      workerPath: hlsWorkerUrl,
      ...followingConfig,
      ...(nearLive ? { liveMaxLatencyDurationCount: maxBehindLiveCount } : {}),
      startPosition: live ? -1 : position,
    });
    instance.on(Hls.Events.LEVEL_LOADED, (_event, data) => {
      live = data.details.live;
    });
    if (height !== undefined) {
      // Before any segment loads: the chosen rung only (hls.js then switches no more by itself).
      instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        const level = data.levels.findIndex((candidate) => candidate.height === height);
        if (level >= 0) instance.currentLevel = level;
      });
    }
    instance.on(Hls.Events.FRAG_CHANGED, (_event, data) => {
      playingSegment = data.frag.url;
    });
    instance.on(Hls.Events.FRAG_BUFFERED, () => {
      backoff.succeeded();
      mediaRecoveryTried = false;
      resume = false;
    });
    instance.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      console.error(data.error);
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecoveryTried) {
        mediaRecoveryTried = true;
        instance.recoverMediaError();
        return;
      }
      if (data.type === Hls.ErrorTypes.NETWORK_ERROR && instance.levels.length > 0) {
        // The stream was found before: what is buffered plays on while loading starts again from
        // where it is, so an outage shorter than the buffer is never seen.
        backoff.schedule(() => {
          instance.startLoad();
        });
        return;
      }
      attachAgain(instance);
    });
    instance.loadSource(source());
    instance.attachMedia(media);
    if (resume) media.play().catch(() => undefined);
    hls = instance;
  };
  connect();
  return {
    detach: () => {
      clearInterval(watch);
      media.removeEventListener('ended', onEnded);
      backoff.cancel();
      hls?.destroy();
    },
    playingDate: () => hls?.playingDate ?? undefined,
    playingSegment: () => playingSegment,
  };
}

/** Safari's own player retries loads itself; after an error it is given the stream again. */
function followNative(
  media: HTMLMediaElement,
  source: () => string,
  backoff: Backoff,
  onRecovering: () => void,
): FollowedStream {
  let resume = false;
  const onError = (): void => {
    if (!backoff.failing) resume = !media.paused;
    backoff.schedule(() => {
      onRecovering();
      media.src = source();
      if (resume) media.play().catch(() => undefined);
    });
  };
  const onReady = (): void => {
    backoff.succeeded();
    resume = false;
  };
  media.addEventListener('error', onError);
  media.addEventListener('canplay', onReady);
  const attachment = attachNative(media, source());
  return {
    detach: () => {
      backoff.cancel();
      media.removeEventListener('error', onError);
      media.removeEventListener('canplay', onReady);
      attachment.detach();
    },
    playingDate: () => {
      // Safari's HLS gives the date of the playlist's first PROGRAM-DATE-TIME.
      const start = (media as HTMLMediaElement & { getStartDate?: () => Date }).getStartDate?.();
      const at = start === undefined ? Number.NaN : start.getTime() + media.currentTime * 1000;
      return Number.isNaN(at) ? undefined : new Date(at);
    },
    playingSegment: () => undefined,
  };
}

/** Starts loading hls.js ahead of need, for a screen that will play at once (the live player). */
export function preloadHls(): void {
  import('hls.js').catch((error: unknown) => {
    console.error(error);
  });
}
