// Plays an HLS address in the studio's players as a viewer's browser gets it: hls.js (loaded when
// a player is shown), or the browser's own HLS where hls.js cannot run; a problem is told, and the
// player's troubles clear once a segment loads again.
import { playerBehindLive } from '@efir/contract';

export interface StreamPlayer {
  /** The instant the picture shows (a live stream's PROGRAM-DATE-TIME), when known. */
  playingDate: () => Date | undefined;
  stop: () => void;
}

/** Attaches `url` to `media` unless `cancelled` says the player is gone by the time hls.js loads. */
export async function playStream(
  media: HTMLMediaElement,
  url: string,
  {
    live,
    onProblem,
    cancelled,
  }: { live: boolean; onProblem: (problem: string | undefined) => void; cancelled: () => boolean },
): Promise<StreamPlayer> {
  const { default: Hls } = await import('hls.js');
  if (cancelled()) return { playingDate: () => undefined, stop: () => undefined };
  if (!Hls.isSupported()) {
    media.src = url;
    return {
      playingDate: () => undefined,
      stop: () => {
        media.removeAttribute('src');
        media.load();
      },
    };
  }
  const hls = new Hls({
    enableWorker: false,
    ...(live ? { liveSyncDurationCount: playerBehindLive.targetDurations } : {}),
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onProblem(live ? 'Поток не отвечает: плеер пробует снова.' : 'Медиа не открылись.');
  });
  hls.on(Hls.Events.FRAG_LOADED, () => {
    onProblem(undefined);
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    playingDate: () => hls.playingDate ?? undefined,
    stop: () => {
      hls.destroy();
    },
  };
}
