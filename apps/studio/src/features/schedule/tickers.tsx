// The TV day's tickers (running lines): message, start on the schedules' clock, how long and how
// fast it runs, over the whole day or while one of the day's videos airs.
import { scheduleLimits } from '@efir/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type DraftItem, type DraftTicker, nextKey } from './api.ts';
import { LabelledInput } from './labelled-input.tsx';

/** The ticker's figures: each a number from 1 to its limit; what is not one keeps the figure. */
const figures = [
  { key: 'duration', label: 'Длительность, с', max: scheduleLimits.tickerSeconds },
  { key: 'speed', label: 'Скорость, пикс/с', max: scheduleLimits.tickerSpeed },
] as const;

function TickerRow(props: {
  ticker: DraftTicker;
  items: readonly DraftItem[];
  onChange: (ticker: DraftTicker) => void;
  onRemove: () => void;
}) {
  const { ticker } = props;
  const id = useId();
  const videos = [...new Map(props.items.map((item) => [item.media.id, item.media.name])).entries()];
  return (
    <li className="ticker-row">
      <label className="field ticker-row__message" htmlFor={`${id}-message`}>
        <span>Текст</span>
        <input
          id={`${id}-message`}
          className="input"
          maxLength={scheduleLimits.tickerMessage}
          required
          value={ticker.message}
          aria-invalid={ticker.message.trim() === ''}
          onChange={(event) => {
            props.onChange({ ...ticker, message: event.target.value });
          }}
        />
      </label>
      <LabelledInput
        label="Начало"
        type="time"
        step={1}
        value={ticker.startsAt}
        onValue={(value) => {
          if (value !== '') props.onChange({ ...ticker, startsAt: value.length === 5 ? `${value}:00` : value });
        }}
      />
      {figures.map((figure) => (
        <LabelledInput
          key={figure.key}
          label={figure.label}
          type="number"
          min={1}
          max={figure.max}
          value={ticker[figure.key]}
          onValue={(value) => {
            const parsed = Number(value);
            const valid = Number.isFinite(parsed) && parsed > 0;
            props.onChange({ ...ticker, [figure.key]: valid ? parsed : ticker[figure.key] });
          }}
        />
      ))}
      <label className="field">
        <span>Показывать</span>
        <select
          className="input"
          value={ticker.videoId ?? ''}
          onChange={(event) => {
            props.onChange({ ...ticker, videoId: event.target.value === '' ? null : Number(event.target.value) });
          }}
        >
          <option value="">Весь день</option>
          {ticker.videoId !== null && !videos.some(([videoId]) => videoId === ticker.videoId) ? (
            <option value={ticker.videoId}>Видео № {ticker.videoId} — его нет в этом дне</option>
          ) : null}
          {videos.map(([videoId, name]) => (
            <option key={videoId} value={videoId}>
              Во время «{name}»
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--small"
        aria-label={`Удалить бегущую строку «${ticker.message}»`}
        onClick={props.onRemove}
      >
        <Trash2 size={14} aria-hidden="true" />
      </button>
    </li>
  );
}

export function Tickers(props: {
  tickers: readonly DraftTicker[];
  items: readonly DraftItem[];
  onChange: (tickers: DraftTicker[]) => void;
}) {
  return (
    <section className="panel stack" aria-labelledby="day-tickers">
      <h2 id="day-tickers">Бегущая строка</h2>
      {props.tickers.length === 0 ? <p className="muted">Бегущих строк в этот день нет.</p> : null}
      <ul className="stack ticker-list">
        {props.tickers.map((ticker) => (
          <TickerRow
            key={ticker.key}
            ticker={ticker}
            items={props.items}
            onChange={(next) => {
              props.onChange(props.tickers.map((entry) => (entry.key === next.key ? next : entry)));
            }}
            onRemove={() => {
              props.onChange(props.tickers.filter((entry) => entry.key !== ticker.key));
            }}
          />
        ))}
      </ul>
      <div>
        <button
          type="button"
          className="button"
          onClick={() => {
            props.onChange([
              ...props.tickers,
              { key: nextKey(), videoId: null, message: '', startsAt: '12:00:00', duration: 60, speed: 80 },
            ]);
          }}
        >
          <Plus size={16} aria-hidden="true" />
          Добавить бегущую строку
        </button>
      </div>
    </section>
  );
}
