import { useLocation, useNavigation } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';

/** Runs while a navigation loads its screen and completes once the new screen is there. */
export function ProgressBar() {
  const { t } = useI18n();
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'idle') {
    return <div className="progress progress--running" role="progressbar" aria-label={t('progress.loading')} />;
  }
  // The first page has nothing to finish; every later location plays the closing stretch once.
  if (location.key === 'default') return null;
  return <div key={location.key} className="progress progress--done" data-testid="progress-done" aria-hidden="true" />;
}
