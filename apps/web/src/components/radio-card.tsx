import type { Radio } from '@efir/contract';
import { Play } from 'lucide-react';
import { useI18n } from '../lib/i18n.tsx';
import { isRadioReady } from '../lib/media-ready.ts';
import { playRadio } from '../lib/player-store.ts';
import { CountAndDate } from './count-and-date.tsx';
import { PreparingBadge } from './preparing-badge.tsx';
import { PreviewImage } from './preview-image.tsx';
import './cards.css';

/** A radio recording: preview (the default cover if none), plays, date, name, author; a click plays
 * it once its media are ready, and until then it says it is being prepared. */
export function RadioCard({ radio, eager = false }: { radio: Radio; eager?: boolean }) {
  const { t } = useI18n();
  const ready = isRadioReady(radio);
  return (
    <article
      className={ready ? 'card card--radio' : 'card card--radio card--preparing'}
      data-radio-id={radio.id}
      data-ready={ready}
    >
      <div className="card__media">
        <PreviewImage src={radio.get_preview} eager={eager} />
        {ready ? (
          <span className="card__play-badge" aria-hidden="true">
            <Play size={20} fill="currentColor" />
          </span>
        ) : (
          <PreparingBadge />
        )}
      </div>
      <div className="card__body">
        <h3 className="card__title">
          {ready ? (
            <button
              type="button"
              className="card__link card__button"
              onClick={() => {
                playRadio(radio);
              }}
            >
              <span className="visually-hidden">{t('player.play')}: </span>
              {radio.name}
            </button>
          ) : (
            radio.name
          )}
        </h3>
        <p className="card__author">{radio.author.name}</p>
        <p className="card__meta">
          <CountAndDate count={radio.prosmotri} kind="plays" date={radio.date_added} />
        </p>
      </div>
    </article>
  );
}
