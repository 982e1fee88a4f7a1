import { Download, Play } from 'lucide-react';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { formatClock, formatDuration } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { isRadioReady } from '../../../lib/media-ready.ts';
import { playRadio } from '../../../lib/player-store.ts';
import { type DayKind, isRadioprogramItemPlayable } from '../../../lib/programme-day.ts';
import { useRadioprogramDays } from '../api/get-radioprogram-days.ts';
import { useRadioprogramRadios } from '../api/get-radioprogram-radios.ts';
import { useRadioprogramToday } from '../api/get-radioprogram-today.ts';
import { ProgrammeFrame } from './programme-frame.tsx';
import { ProgrammeSkeleton } from './programme-skeleton.tsx';
import { useOnAirRow } from '../hooks/use-on-air-row.ts';
import './programme.css';

/** A day's radio programme: start time, preview, name, author, duration and a download icon; a
 * block plays its radio where the rules allow. */
function RadioprogramDay({ dayId, kind }: { dayId: number; kind: DayKind }) {
  const { t } = useI18n();
  const items = useRadioprogramRadios(dayId);
  const onAir = useOnAirRow(
    kind,
    items.data?.results.map((item) => item.time_to_start),
  );
  if (items.data === undefined) return items.isPending ? <ProgrammeSkeleton /> : null;
  if (items.data.results.length === 0) return <p className="empty-state">{t('programme.empty')}</p>;
  return (
    <ol className="programme" data-testid="radioprogram" data-day-kind={kind}>
      {items.data.results.map((item, index) => {
        const { radio } = item;
        const ready = isRadioReady(radio);
        const playable = ready && isRadioprogramItemPlayable(kind, item.draft);
        return (
          <li
            key={item.id}
            className={index === onAir.index ? 'programme__row programme__on-air' : 'programme__row'}
            {...(index === onAir.index ? { ref: onAir.rowRef, 'aria-current': 'time' as const } : {})}
          >
            <button
              type="button"
              className="programme__block programme__block--radio"
              data-clickable={playable}
              disabled={!playable}
              onClick={() => {
                playRadio(radio);
              }}
            >
              <span className="programme__time">{formatClock(item.time_to_start)}</span>
              <span className="programme__preview">
                <PreviewImage src={radio.get_preview} />
                {playable ? (
                  <span className="programme__play" aria-hidden="true">
                    <Play size={18} fill="currentColor" />
                  </span>
                ) : null}
              </span>
              <span className="programme__text">
                {index === onAir.index ? <span className="programme__now">{t('live.now')}</span> : null}
                <span className="programme__name">{radio.name}</span>
                <span className="programme__description">{radio.author.name}</span>
                {ready ? null : <span className="programme__preparing">{t('media.preparing')}</span>}
              </span>
              <span className="programme__duration">{formatDuration(radio.duration)}</span>
            </button>
            {radio.link_download === '' ? (
              <span className="programme__download programme__download--none" aria-hidden="true">
                <Download size={20} />
              </span>
            ) : (
              <a
                className="programme__download"
                href={radio.link_download}
                download={`${radio.name}.m4a`}
                aria-label={`${t('programme.download')}: ${radio.name}`}
              >
                <Download aria-hidden="true" size={20} />
              </a>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** /radio/program: the day slider and the chosen day's radio programme. */
export function RadioprogramPage() {
  const days = useRadioprogramDays();
  const today = useRadioprogramToday();
  return (
    <ProgrammeFrame days={days} today={today.data}>
      {(dayId, kind) => <RadioprogramDay key={dayId} dayId={dayId} kind={kind} />}
    </ProgrammeFrame>
  );
}
