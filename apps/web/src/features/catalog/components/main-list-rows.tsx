import { AppLink } from '../../../components/app-link.tsx';
import { Carousel } from '../../../components/carousel.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useMainList } from '../api/get-main-list.ts';

/** The home page's catalogue rows: one per category, its newest videos. */
export function MainListRows() {
  const { t } = useI18n();
  const list = useMainList();
  if (list.data === undefined) {
    return list.isPending ? <Skeleton height="240px" /> : null;
  }
  return (
    <div className="rows">
      {list.data.map((row) => (
        <section key={row.id} className="section" aria-labelledby={`row-${row.id}`}>
          <div className="page-heading">
            <h2 id={`row-${row.id}`}>{row.name}</h2>
            <AppLink to={`/catalog?tab=${row.id}`}>{t('search.more')}</AppLink>
          </div>
          <Carousel
            label={row.name}
            perView={{ mobile: 1.5, wide: 4 }}
            gap={16}
            slides={row.videos.map((video) => ({ key: video.id, content: <VideoCard video={video} /> }))}
          />
        </section>
      ))}
    </div>
  );
}
