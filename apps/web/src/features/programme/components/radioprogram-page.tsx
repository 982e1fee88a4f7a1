import { Download } from 'lucide-react';
import { formatDuration } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { isRadioReady } from '../../../lib/media-ready.ts';
import { playRadio } from '../../../lib/player-store.ts';
import { type DayKind, isRadioprogramItemPlayable } from '../../../lib/programme-day.ts';
import { useRadioprogramDays } from '../api/get-radioprogram-days.ts';
import { useRadioprogramRadios } from '../api/get-radioprogram-radios.ts';
import { useRadioprogramToday } from '../api/get-radioprogram-today.ts';
import { ProgrammeEntry } from './programme-entry.tsx';
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
              <ProgrammeEntry
                startsAt={item.time_to_start}
                preview={radio.get_preview}
                playable={playable}
                onAir={index === onAir.index}
                name={radio.name}
                description={radio.author.name}
                ready={ready}
              />
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
