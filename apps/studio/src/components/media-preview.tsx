// An item's media played in the studio as a viewer gets them, to check a picture, a sound or a
// cut before they air; it does not start by itself.
import { useEffect, useRef, useState } from 'react';
import { playStream } from '../lib/stream-player.ts';

export function MediaPreview({
  headingId,
  link,
  kind,
  label,
}: {
  headingId: string;
  /** The item's HLS playlist. */
  link: string;
  kind: 'video' | 'audio';
  /** What a screen reader names the player. */
  label: string;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const media = ref.current;
    if (media === null) return;
    let stop = (): void => undefined;
    let ended = false;
    void playStream(media, link, { live: false, onProblem: setProblem, cancelled: () => ended }).then((player) => {
      if (ended) player.stop();
      else stop = player.stop;
    });
    return () => {
      ended = true;
      stop();
    };
  }, [link]);
  return (
    <section className="panel stack media-preview" aria-labelledby={headingId}>
      <h2 id={headingId}>Просмотр</h2>
      {kind === 'video' ? (
        <video
          ref={ref}
          className="player--video"
          aria-label={label}
          controls
          playsInline
          preload="metadata"
          data-testid="media-preview"
        />
      ) : (
        <audio
          ref={ref}
          className="player--audio"
          aria-label={label}
          controls
          preload="metadata"
          data-testid="media-preview"
        />
      )}
      {problem === undefined ? null : (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
