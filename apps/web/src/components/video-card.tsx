import type { Video } from '@efir/contract';
import { AppLink } from './app-link.tsx';
import { CountAndDate } from './count-and-date.tsx';
import { PreviewImage } from './preview-image.tsx';
import './cards.css';

/** A video in a grid or row: preview, name, views and date; opens the video page. */
export function VideoCard({ video, eager = false }: { video: Video; eager?: boolean }) {
  const preview = video.get_previewCatalog === '' ? video.get_preview : video.get_previewCatalog;
  return (
    <article className="card" data-video-id={video.id}>
      <div className="card__media">
        <PreviewImage src={preview} eager={eager} />
      </div>
      <div className="card__body">
        <h3 className="card__title">
          <AppLink className="card__link" to={`/video/item/${video.id}`}>
            {video.name}
          </AppLink>
        </h3>
        <p className="card__meta">
          <CountAndDate count={video.prosmotri} kind="views" date={video.date_added} />
        </p>
      </div>
    </article>
  );
}
