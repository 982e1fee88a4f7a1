import { Hourglass } from 'lucide-react';
import { useI18n } from '../lib/i18n.tsx';

/** Over a preview: the item's media are still being made, so it cannot be opened or played yet. */
export function PreparingBadge() {
  const { t } = useI18n();
  return (
    <span className="card__preparing" data-testid="preparing">
      <Hourglass aria-hidden="true" size={16} />
      {t('media.preparing')}
    </span>
  );
}
