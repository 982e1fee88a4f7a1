// Plays an HLS address in the studio's players as a viewer's browser gets it: hls.js (loaded when
// a player is shown), or the browser's own HLS where hls.js cannot run; a problem is told, and the
// player's troubles clear once a segment loads again.
import { playerBehindLive } from '@efir/contract';
import { type RefObject, useEffect, useEffectEvent, useState } from 'react';

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

/**
 * Plays `url` in the element `ref` holds while the component is shown (again when `url` changes).
 * `attached` hears the player once it plays the stream; what it answers runs when the player
 * stops. Answers the player's problem, if it has one now.
 */
export function useStreamPlayer(
  ref: RefObject<HTMLMediaElement | null>,
  url: string,
  live: boolean,
  attached?: (player: StreamPlayer, media: HTMLMediaElement) => () => void,
): string | undefined {
  const [problem, setProblem] = useState<string>();
  // The latest listener, without attaching the stream again when the component's listener changes.
  const onAttached = useEffectEvent((player: StreamPlayer, media: HTMLMediaElement) => attached?.(player, media));
  useEffect(() => {
    const media = ref.current;
    if (media === null) return;
    let stop = (): void => undefined;
    let ended = false;
    void playStream(media, url, { live, onProblem: setProblem, cancelled: () => ended }).then((player) => {
      if (ended) {
        player.stop();
        return;
      }
      const detach = onAttached(player, media);
      stop = () => {
        detach?.();
        player.stop();
      };
    });
    return () => {
      ended = true;
      stop();
    };
  }, [ref, url, live]);
  return problem;
}
