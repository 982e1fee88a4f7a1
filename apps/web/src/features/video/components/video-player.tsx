import type { Video } from '@efir/contract';
import { useEffect, useRef, useState } from 'react';
import { attachHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { initialSource, qualityList } from '../../../lib/quality.ts';

/** The video from its HLS link; the quality menu switches the source and keeps the position. */
export function VideoPlayer({ video }: { video: Video }) {
  const { t } = useI18n();
  const mediaRef = useRef<HTMLVideoElement>(null);
  const qualities = qualityList(video);
  const [source, setSource] = useState(() => initialSource(video));
  // Where to continue after a change of source, and whether it was playing.
  const resume = useRef<{ time: number; playing: boolean } | null>(null);

  useEffect(() => {
    const media = mediaRef.current;
    if (media === null || source.link === '') return;
    let cancelled = false;
    let detach = (): void => undefined;
    const onLoaded = (): void => {
      const at = resume.current;
      resume.current = null;
      if (at !== null && at.time > 0) media.currentTime = at.time;
      // The spec forces autoplay for the video; a browser that refuses sound gets it muted.
      if (at === null || at.playing) {
        media.play().catch(() => {
          media.muted = true;
          media.play().catch((error: unknown) => {
            console.error(error);
          });
        });
      }
    };
    media.addEventListener('loadedmetadata', onLoaded, { once: true });
    attachHls(media, source.link, (error) => {
      console.error(error);
    }).then(
      (attachment) => {
        if (cancelled) attachment.detach();
        else detach = attachment.detach;
      },
      (error: unknown) => {
        console.error(error);
      },
    );
    return () => {
      cancelled = true;
      media.removeEventListener('loadedmetadata', onLoaded);
      detach();
    };
  }, [source.link]);

  return (
    <div className="video-player" lang="ru">
      <video
        ref={mediaRef}
        className="video-player__media"
        controls
        autoPlay
        playsInline
        preload="metadata"
        poster={video.get_preview === '' ? undefined : video.get_preview}
        data-testid="video-player"
        aria-label={video.name}
      />
      {qualities.length === 0 ? null : (
        <label className="video-player__quality">
          <span>{t('video.quality')}</span>
          <select
            value={source.kach ?? ''}
            onChange={(event) => {
              const kach = Number(event.target.value);
              const entry = qualities.find((item) => item.kach === kach);
              const media = mediaRef.current;
              if (entry === undefined) return;
              resume.current = media === null ? null : { time: media.currentTime, playing: !media.paused };
              setSource({ kach: entry.kach, link: entry.link_video });
            }}
          >
            {qualities.map((item) => (
              <option key={item.kach} value={item.kach}>
                {item.kach}p
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
