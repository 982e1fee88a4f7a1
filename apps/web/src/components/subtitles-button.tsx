import { Captions, CaptionsOff } from 'lucide-react';
import { useI18n } from '../lib/i18n.tsx';
import './subtitles-button.css';

/** The players' CC control: a toggle, its state told to screen readers. */
export function SubtitlesButton({
  on,
  onToggle,
  className,
}: {
  on: boolean;
  onToggle: () => void;
  className?: string;
}) {
  const { t } = useI18n();
  const Icon = on ? Captions : CaptionsOff;
  return (
    <button
      type="button"
      className={`button button--ghost subtitles-button${className === undefined ? '' : ` ${className}`}`}
      aria-pressed={on}
      onClick={onToggle}
    >
      <Icon aria-hidden="true" size={18} />
      {t('player.subtitles')}
    </button>
  );
}
