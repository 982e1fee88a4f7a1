import { CatalogueGrid } from '../../../components/catalogue-grid.tsx';
import { VideoCard } from '../../../components/video-card.tsx';
import type { CatalogueState } from '../../../lib/catalogue-query.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useVideoCatalogue } from '../api/get-video-catalogue.ts';

/** One page of the video catalogue for a tab and sort. */
export function VideoCatalogue({ state }: { state: CatalogueState }) {
  const { t } = useI18n();
  const catalogue = useVideoCatalogue(state);
  return (
    <CatalogueGrid
      state={state}
      label={t('catalog.videos')}
      testId="video-grid"
      page={catalogue.data}
      pending={catalogue.isPending}
      stale={catalogue.isPlaceholderData}
      renderItem={(video, index) => <VideoCard key={video.id} video={video} eager={index < 4} />}
    />
  );
}
