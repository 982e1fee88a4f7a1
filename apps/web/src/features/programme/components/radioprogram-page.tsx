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
import { ProgrammeList } from './programme-list.tsx';
import './programme.css';

/** A day's radio programme: start time, preview, name, author, duration and a download icon; a
 * block plays its radio where the rules allow. */
function RadioprogramDay({ dayId, kind }: { dayId: number; kind: DayKind }) {
  const { t } = useI18n();
  const items = useRadioprogramRadios(dayId);
  return (
    <ProgrammeList kind={kind} testId="radioprogram" items={items} rowClassName="programme__row">
      {(item, onAir) => {
        const { radio } = item;
        const ready = isRadioReady(radio);
        const playable = ready && isRadioprogramItemPlayable(kind, item.draft);
        return (
          <>
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
                onAir={onAir}
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
          </>
        );
      }}
    </ProgrammeList>
  );
}

/** /radio/program: the day slider and the chosen day's radio programme. */
export function RadioprogramPage() {
  const days = useRadioprogramDays();
  const today = useRadioprogramToday();
  return <ProgrammeFrame days={days} today={today.data} blocks={RadioprogramDay} />;
}
