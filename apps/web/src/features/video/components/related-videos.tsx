import { useEffect, useState } from 'react';
import { Carousel } from '../../../components/carousel.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRelatedVideos } from '../api/get-related-videos.ts';

/** Related videos, asked for 800 ms after the page opens: 5 per view from 700 px, 35 px apart,
 * turning every 5 s. */
export function RelatedVideos({ id }: { id: number }) {
  const { t } = useI18n();
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setDue(true);
    }, 800);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);
  const related = useRelatedVideos(id, due);
  const videos = related.data;
  if (videos?.length === 0) return null;
  return (
    <section className="section" data-testid="related-videos">
      <h2>{t('video.related')}</h2>
      {videos === undefined ? (
        <Skeleton height="200px" />
      ) : (
        <Carousel
          label={t('video.related')}
          perView={{ mobile: 1.5, wide: 5 }}
          gap={35}
          autoplayMs={5000}
          slides={videos.map((video) => ({ key: video.id, content: <VideoCard video={video} /> }))}
        />
      )}
    </section>
  );
}
