// What a block of a day's programme shows, the teleprogram's and the radio programme's alike: its
// start, its picture with a play mark where it can be played, its name and description, whether
// it is on air now and whether its media are still being made.
import { Play } from 'lucide-react';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { formatClock } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.tsx';

export function ProgrammeEntry(props: {
  startsAt: string;
  preview: string;
  playable: boolean;
  onAir: boolean;
  name: string;
  description: string;
  ready: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      <span className="programme__time">{formatClock(props.startsAt)}</span>
      <span className="programme__preview">
        <PreviewImage src={props.preview} />
        {props.playable ? (
          <span className="programme__play" aria-hidden="true">
            <Play size={18} fill="currentColor" />
          </span>
        ) : null}
      </span>
      <span className="programme__text">
        {props.onAir ? <span className="programme__now">{t('live.now')}</span> : null}
        <span className="programme__name">{props.name}</span>
        <span className="programme__description">{props.description}</span>
        {props.ready ? null : <span className="programme__preparing">{t('media.preparing')}</span>}
      </span>
    </>
  );
}
