import { Skeleton } from '../../../components/skeleton.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { usePopularSongs } from '../api/get-popular-songs.ts';
import { RadioRow } from './radio-row.tsx';

export function PopularSongs() {
  const { t } = useI18n();
  const songs = usePopularSongs();
  if (songs.data === undefined) return songs.isPending ? <Skeleton height="220px" /> : null;
  return <RadioRow id="popular-songs" title={t('radio.popular_songs')} radios={songs.data} />;
}
