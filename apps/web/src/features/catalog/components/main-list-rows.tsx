import type { MainListEntry } from '@efir/contract';
import { useDeferredValue, useRef } from 'react';
import { AppLink } from '../../../components/app-link.tsx';
import { Carousel } from '../../../components/carousel.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import { useNearViewport, useRevealed } from '../../../lib/after-paint.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useMainList } from '../api/get-main-list.ts';

/** The home page's catalogue rows: one per category, its newest videos. Below the fold: they are
 * added one per frame, and each builds its cards once it is a screen away. */
export function MainListRows() {
  const list = useMainList();
  // Rendered in the background, in short slices: the rows are many cards, below the fold.
  const rows = useDeferredValue(list.data);
  const revealed = useRevealed(rows?.length ?? 0);
  if (rows === undefined) {
    return list.isError ? null : <Skeleton height="240px" />;
  }
  return (
    <div className="rows">
      {rows.slice(0, revealed).map((row) => (
        <Row key={row.id} row={row} />
      ))}
    </div>
  );
}

/** A row of the home page (a category's newest videos, or the editors' picks); its cards are built once it is a screen away, so a visitor who never
 * scrolls that far never pays for them. */
function Row({ row }: { row: MainListEntry }) {
  const { t } = useI18n();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section, '100%');
  return (
    <section ref={section} className="section" data-testid="home-row">
      <div className="page-heading">
        <h2>{row.name}</h2>
        <AppLink to={row.category_id === null ? '/catalog' : `/catalog?tab=${String(row.category_id)}`}>
          {t('search.more')}
        </AppLink>
      </div>
      {near ? (
        <Carousel
          label={row.name}
          perView={{ mobile: 1.5, wide: 4 }}
          gap={16}
          slides={row.videos.map((video) => ({ key: video.id, content: <VideoCard video={video} /> }))}
        />
      ) : (
        <div className="rows__placeholder" />
      )}
    </section>
  );
}
