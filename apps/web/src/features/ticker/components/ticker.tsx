import type { TeleprogramItem, Ticker as TickerEntry } from '@efir/contract';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import { activeTickers, tickerDefaults } from '../../../lib/live.ts';
import { useTickers } from '../api/get-tickers.ts';
import './ticker.css';

/** The running line over the stream: the messages of the whole programme and of the item on the
 * picture whose window holds the picture's time. */
export function Ticker(props: { teleId: number; item: TeleprogramItem | undefined; time: string | undefined }) {
  const { t } = useI18n();
  const tickers = useTickers(props.teleId, props.item?.id);
  if (props.time === undefined) return null;
  const running = activeTickers(tickers.data ?? [], props.time, props.item?.video.id);
  if (running.length === 0) return null;
  return (
    <div className="ticker" role="marquee" aria-label={t('live.ticker')}>
      {running.map((ticker) => (
        <TickerLine key={ticker.id} ticker={ticker} />
      ))}
    </div>
  );
}

/** One message crossing the stream at its speed (px/s), `repetition` times at most. */
function TickerLine({ ticker }: { ticker: TickerEntry }) {
  const lineRef = useRef<HTMLDivElement>(null);
  const [passSeconds, setPassSeconds] = useState<number>();
  useEffect(() => {
    const text = lineRef.current?.firstElementChild;
    if (!(text instanceof HTMLElement)) return;
    // One pass carries the text from the right edge until it has left on the left. The width comes
    // from a ResizeObserver, which reports it after the browser's own layout instead of forcing one.
    const observer = new ResizeObserver(() => {
      setPassSeconds(Math.max(2, text.scrollWidth / (ticker.speed > 0 ? ticker.speed : 80)));
    });
    observer.observe(text);
    return () => {
      observer.disconnect();
    };
  }, [ticker.message, ticker.speed]);
  return (
    <div ref={lineRef} className="ticker__line">
      <span
        className="ticker__text"
        style={
          passSeconds === undefined
            ? { visibility: 'hidden' }
            : { animationDuration: `${passSeconds}s`, animationIterationCount: tickerDefaults.repetition }
        }
      >
        {ticker.message}
      </span>
    </div>
  );
}
