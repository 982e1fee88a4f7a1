// An item's media played in the studio as a viewer gets them, to check a picture, a sound or a
// cut before they air; it does not start by itself.
import { useRef } from 'react';
import { useStreamPlayer } from '../lib/stream-player.ts';

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
  const problem = useStreamPlayer(ref, link, false);
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
