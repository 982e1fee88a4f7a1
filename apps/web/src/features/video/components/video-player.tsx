import type { Video } from '@efir/contract';
import { useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../../lib/after-paint.ts';
import { followHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { initialSource, qualityList } from '../../../lib/quality.ts';
import { subtitleLanguageFor, useShownSubtitles, useSubtitleChoice } from '../../../lib/subtitles.ts';
import { SubtitlesButton } from '../../../components/subtitles-button.tsx';

/** The longest the video waits for its poster. */
const posterWaitMs = 2000;

/** Settles once the picture at `src` is loaded and decoded, has failed, or is late (or there is none). */
function posterReady(src: string | undefined): Promise<void> {
  if (src === undefined) return Promise.resolve();
  const image = new Image();
  image.src = src;
  const late = new Promise<void>((resolve) => setTimeout(resolve, posterWaitMs));
  return Promise.race([image.decode().catch(() => undefined), late]);
}

/** The video from its HLS link; the quality menu switches the source and keeps the position. */
export function VideoPlayer({ video }: { video: Video }) {
  const { t, locale } = useI18n();
  const mediaRef = useRef<HTMLVideoElement>(null);
  const qualities = qualityList(video);
  const poster = video.get_preview === '' ? undefined : video.get_preview;
  const [source, setSource] = useState(() => initialSource(video));
  const master = video.video_kach.length === 0 ? '' : video.link_video;
  const [subtitles, toggleSubtitles] = useSubtitleChoice();
  const hasSubtitles = useShownSubtitles(mediaRef, subtitles, subtitleLanguageFor(locale));
  // Where to continue after a change of source, and whether it was playing.
  const resume = useRef<{ time: number; playing: boolean } | null>(null);

  useEffect(() => {
    const media = mediaRef.current;
    if (media === null || source.link === '') return;
    const abandoned = new AbortController();
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
    // The poster (preloaded by the page's HTML) is painted first; hls.js and the first segments
    // come after it instead of sharing a phone's bandwidth with it. They would finish no sooner
    // side by side, and the picture would come later.
    let cancelAttach = (): void => undefined;
    void posterReady(poster).then(() => {
      if (abandoned.signal.aborted) return;
      cancelAttach = afterPaint(() => {
        // hls.js plays the master playlist at the chosen rung, so the video's subtitles come with it.
        const options = { signal: abandoned.signal, height: source.kach, nativeUrl: source.link };
        followHls(media, master === '' ? source.link : master, undefined, options).then(
          (attachment) => {
            if (abandoned.signal.aborted) attachment.detach();
            else detach = attachment.detach;
          },
          (error: unknown) => {
            console.error(error);
          },
        );
      });
    });
    return () => {
      abandoned.abort();
      cancelAttach();
      media.removeEventListener('loadedmetadata', onLoaded);
      detach();
    };
  }, [source.link, source.kach, master, poster]);

  return (
    <div className="video-player" lang="ru">
      <video
        ref={mediaRef}
        className="video-player__media"
        controls
        autoPlay
        playsInline
        preload="metadata"
        poster={poster}
        data-testid="video-player"
        aria-label={video.name}
      />
      {qualities.length === 0 && !hasSubtitles ? null : (
        <div className="video-player__controls">
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
          {hasSubtitles ? <SubtitlesButton on={subtitles} onToggle={toggleSubtitles} /> : null}
        </div>
      )}
    </div>
  );
}
