import { useState } from 'react';
import { CountAndDate } from '../../../components/count-and-date.tsx';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { safeEmbedUrl } from '@efir/contract';
import { useI18n } from '../../../lib/i18n.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useVideo } from '../api/get-video.ts';
import { RelatedVideos } from './related-videos.tsx';
import { VideoPlayer } from './video-player.tsx';
import './video.css';

/** The video page; `notFound` is shown for a video the server does not have. */
export function VideoPage({ id, notFound }: { id: number; notFound: React.ReactNode }) {
  const { t } = useI18n();
  const query = useVideo(id);
  const video = query.data;
  const [plotOpen, setPlotOpen] = useState(false);
  usePageTitle(video?.name ?? t('video.title'));

  if (query.error instanceof ApiError && query.error.status === 404) return notFound;
  if (video === undefined) {
    return (
      <div className="page" aria-busy="true">
        <Skeleton className="video-player__skeleton" height="auto" />
        <Skeleton height="2em" width="70%" />
        <Skeleton height="4em" />
      </div>
    );
  }
  const embed = safeEmbedUrl(video.youtubeIframe);
  return (
    <div className="page video-page">
      <div className="video-page__stage">
        {embed !== undefined ? (
          <iframe
            className="video-page__embed"
            src={embed}
            title={video.name}
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            allow="fullscreen; picture-in-picture; encrypted-media"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        ) : video.link_video !== '' ? (
          <VideoPlayer video={video} />
        ) : (
          <div className="video-page__unavailable">
            <PreviewImage src={video.get_preview} eager />
            <p>{t('video.unavailable')}</p>
          </div>
        )}
      </div>
      <div className="video-page__details">
        <h1>{video.name}</h1>
        <p className="video-page__meta">
          <CountAndDate count={video.prosmotri} kind="views" date={video.date_added} />
          {video.censored === 99 ? null : (
            <span className="age-rating" data-testid="age-rating" title={t('video.age_rating')}>
              <span className="visually-hidden">{t('video.age_rating')}: </span>
              {video.censored}+
            </span>
          )}
        </p>
        {video.description === '' ? null : (
          <section className="video-page__text" aria-labelledby="description-title">
            <h2 id="description-title">{t('video.description')}</h2>
            <p>{video.description}</p>
          </section>
        )}
        {video.sujet === '' ? null : (
          <section className="video-page__text" aria-labelledby="plot-title">
            <h2 id="plot-title">{t('video.sujet')}</h2>
            <p id="video-plot" className={plotOpen ? 'plot plot--open' : 'plot'} data-testid="plot">
              {video.sujet}
            </p>
            <button
              type="button"
              className="button button--ghost plot__toggle"
              aria-expanded={plotOpen}
              aria-controls="video-plot"
              onClick={() => {
                setPlotOpen((open) => !open);
              }}
            >
              {plotOpen ? t('video.show_less') : t('video.show_more')}
            </button>
          </section>
        )}
      </div>
      <RelatedVideos id={id} />
    </div>
  );
}
