import type { Video } from '@efir/contract';
import { isVideoReady } from '../lib/media-ready.ts';
import { AppLink } from './app-link.tsx';
import { CountAndDate } from './count-and-date.tsx';
import { PreparingBadge } from './preparing-badge.tsx';
import { PreviewImage } from './preview-image.tsx';
import './cards.css';

/** A video in a grid or row: preview, name, views and date; opens the video page once its media
 * are ready, and until then says it is being prepared. */
export function VideoCard({ video, eager = false }: { video: Video; eager?: boolean }) {
  const preview = video.get_previewCatalog === '' ? video.get_preview : video.get_previewCatalog;
  const ready = isVideoReady(video);
  return (
    <article className={ready ? 'card' : 'card card--preparing'} data-video-id={video.id} data-ready={ready}>
      <div className="card__media">
        <PreviewImage src={preview} eager={eager} />
        {ready ? null : <PreparingBadge />}
      </div>
      <div className="card__body">
        <h3 className="card__title">
          {ready ? (
            <AppLink className="card__link" to={`/video/item/${video.id}`}>
              {video.name}
            </AppLink>
          ) : (
            video.name
          )}
        </h3>
        <p className="card__meta">
          <CountAndDate count={video.prosmotri} kind="views" date={video.date_added} />
        </p>
      </div>
    </article>
  );
}
