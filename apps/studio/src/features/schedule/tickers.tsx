// The TV day's tickers (running lines): message, start on the schedules' clock, how long and how
// fast it runs, over the whole day or while one of the day's videos airs.
import { scheduleLimits } from '@efir/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { type DraftItem, type DraftTicker, nextKey } from './api.ts';

function TickerRow(props: {
  ticker: DraftTicker;
  items: readonly DraftItem[];
  onChange: (ticker: DraftTicker) => void;
  onRemove: () => void;
}) {
  const { ticker } = props;
  const id = useId();
  const videos = [...new Map(props.items.map((item) => [item.media.id, item.media.name])).entries()];
  const number = (value: string, fallback: number): number => {
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
  };
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
      <label className="field">
        <span>Начало</span>
        <input
          className="input"
          type="time"
          step={1}
          value={ticker.startsAt}
          onChange={(event) => {
            const value = event.target.value;
            if (value !== '') props.onChange({ ...ticker, startsAt: value.length === 5 ? `${value}:00` : value });
          }}
        />
      </label>
      <label className="field">
        <span>Длительность, с</span>
        <input
          className="input"
          type="number"
          min={1}
          max={scheduleLimits.tickerSeconds}
          value={ticker.duration}
          onChange={(event) => {
            props.onChange({ ...ticker, duration: number(event.target.value, ticker.duration) });
          }}
        />
      </label>
      <label className="field">
        <span>Скорость, пикс/с</span>
        <input
          className="input"
          type="number"
          min={1}
          max={scheduleLimits.tickerSpeed}
          value={ticker.speed}
          onChange={(event) => {
            props.onChange({ ...ticker, speed: number(event.target.value, ticker.speed) });
          }}
        />
      </label>
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
