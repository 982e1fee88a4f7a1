import { ArrowDown } from 'lucide-react';
import { AppLink } from '../../../components/app-link.tsx';
import { RadioCard } from '../../../components/radio-card.tsx';
import { CardGridSkeleton, Skeleton } from '../../../components/skeleton.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRecommendedSearches } from '../api/get-recommended-searches.ts';
import { useSearchRadios } from '../api/search-radios.ts';
import { useSearchVideos } from '../api/search-videos.ts';
import '../../../components/catalogue-controls.css';
import './search.css';

function Recommended() {
  const { t } = useI18n();
  const recommended = useRecommendedSearches();
  if (recommended.data === undefined) return recommended.isPending ? <Skeleton height="2.5em" /> : null;
  if (recommended.data.length === 0) return null;
  return (
    <section className="section" aria-labelledby="recommended-title">
      <h2 id="recommended-title">{t('search.recommended')}</h2>
      <ul className="chips">
        {recommended.data.map((item) => (
          <li key={item.name}>
            <AppLink className="tabs__tab" to={`/search?q=${encodeURIComponent(item.name)}`}>
              {item.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /search?q=: the video results and the radio results, each with its anchor and «more» link. */
export function SearchResults({ q }: { q: string }) {
  const { t } = useI18n();
  const videos = useSearchVideos(q);
  const radios = useSearchRadios(q);
  if (q === '') return <Recommended />;
  const bothEmpty = videos.data?.length === 0 && radios.data?.length === 0;
  return (
    <>
      <nav className="search__anchors" aria-label={t('search.sections')}>
        <a href="#search-videos" className="button button--ghost">
          <ArrowDown aria-hidden="true" size={18} />
          {t('search.videos')}
          {videos.data === undefined ? null : <span className="count">{videos.data.length}</span>}
        </a>
        <a href="#search-radios" className="button button--ghost">
          <ArrowDown aria-hidden="true" size={18} />
          {t('search.radios')}
          {radios.data === undefined ? null : <span className="count">{radios.data.length}</span>}
        </a>
      </nav>
      {bothEmpty ? (
        <>
          <p className="empty-state" data-testid="search-empty">
            {t('search.empty', { q })}
          </p>
          <Recommended />
        </>
      ) : null}
      <section id="search-videos" className="section search__section" aria-labelledby="search-videos-title">
        <div className="page-heading">
          <h2 id="search-videos-title">{t('search.videos')}</h2>
          <AppLink to="/catalog">{t('search.more')}</AppLink>
        </div>
        {videos.data === undefined ? (
          videos.isPending ? (
            <CardGridSkeleton count={4} />
          ) : null
        ) : videos.data.length === 0 ? (
          <p className="muted">{t('search.none_videos')}</p>
        ) : (
          <div className="card-grid" data-testid="search-video-results">
            {videos.data.map((video) => (
              <VideoCard key={video.id} video={video} />
            ))}
          </div>
        )}
      </section>
      <section id="search-radios" className="section search__section" aria-labelledby="search-radios-title">
        <div className="page-heading">
          <h2 id="search-radios-title">{t('search.radios')}</h2>
          <AppLink to="/radio/catalog">{t('search.more')}</AppLink>
        </div>
        {radios.data === undefined ? (
          radios.isPending ? (
            <CardGridSkeleton count={4} />
          ) : null
        ) : radios.data.length === 0 ? (
          <p className="muted">{t('search.none_radios')}</p>
        ) : (
          <div className="card-grid" data-testid="search-radio-results">
            {radios.data.map((radio) => (
              <RadioCard key={radio.id} radio={radio} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
