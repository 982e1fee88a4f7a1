// The controls of a rewindable live player (the TV on /, the radio's bar): «С начала» (the
// programme on air from its first second), a seek bar over the rewind window, «В эфир» back to
// live, and the choice of regional copy where the channel has any.
import { clockTimeIn, formatShift } from '@efir/contract';
import { Radio, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { behindText, seekBounds, seekFrom } from '../lib/rewind.ts';
import { siteTimeZone } from '../lib/site-zone.ts';
import './rewind-bar.css';

export interface RewindBarProps {
  /** What the bar controls, for screen readers: the TV, the radio. */
  label: string;
  rewindMs: number;
  /** The instant the picture (or the sound) plays, once it plays: read every second. */
  playing: () => number | undefined;
  /** Whether the player follows the live edge. */
  live: boolean;
  /** Plays the programme being played from its first second; undefined when none is known. */
  onFromStart: (() => void) | undefined;
  /** Plays from an instant, or live (undefined). */
  onWatch: (from: number | undefined) => void;
  /** The channel's regional copies (minutes) and the one played; none: no choice. */
  shifts: readonly number[];
  shift: number;
  onShift: (shift: number) => void;
  /** More of the player's controls, after the bar's own (the TV's subtitles). */
  children?: ReactNode;
}

/** A seek waits for the thumb to rest this long: a drag is one seek, not one a step. */
const settleMs = 450;

export function RewindBar(props: RewindBarProps) {
  const { t } = useI18n();
  const { rewindMs, live, onWatch } = props;
  // The bar moves with the clock and the picture: it alone is drawn again every second.
  const [{ now, playing }, setMoment] = useState(() => ({ now: Date.now(), playing: props.playing() }));
  const readPlaying = useRef(props.playing);
  useEffect(() => {
    readPlaying.current = props.playing;
  }, [props.playing]);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setMoment({ now: Date.now(), playing: readPlaying.current() });
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, []);
  const { oldest, newest } = seekBounds(now, rewindMs);
  const [dragged, setDragged] = useState<number | undefined>(undefined);
  const settle = useRef(0);
  const shiftId = useId();
  useEffect(
    () => () => {
      window.clearTimeout(settle.current);
    },
    [],
  );
  // Live, the thumb rests where the picture is: a few seconds short of the edge.
  const shown = dragged ?? playing ?? newest;
  // Times read on the channel's own clock: a copy's shows its zone's.
  const clock = (instant: number): string => clockTimeIn(siteTimeZone(), new Date(instant + props.shift * 60_000));
  const seek = (target: number): void => {
    setDragged(target);
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      setDragged(undefined);
      onWatch(seekFrom(target, Date.now(), rewindMs));
    }, settleMs);
  };
  return (
    <div className="rewind-bar" role="group" aria-label={props.label}>
      {/* Unavailable rather than disabled while the picture's item is not known: the button keeps
          its place in the Tab order, and a screen reader says it cannot be used yet. */}
      <button
        type="button"
        className="button button--ghost rewind-bar__button"
        aria-disabled={props.onFromStart === undefined}
        onClick={props.onFromStart}
      >
        <RotateCcw aria-hidden="true" size={18} />
        {t('rewind.from_start')}
      </button>
      <div className="rewind-bar__track">
        <input
          type="range"
          className="rewind-bar__seek"
          aria-label={t('rewind.seek')}
          aria-valuetext={live ? t('rewind.on_air') : clock(shown).slice(0, 8)}
          min={oldest}
          max={newest}
          step={1000}
          value={Math.min(newest, Math.max(oldest, shown))}
          onChange={(event) => {
            seek(Number(event.currentTarget.value));
          }}
        />
        <div className="rewind-bar__times" aria-hidden="true">
          <span>{clock(oldest).slice(0, 5)}</span>
          <span className={live ? 'rewind-bar__live' : 'rewind-bar__behind'}>
            {live ? t('rewind.on_air') : `${clock(shown).slice(0, 8)} (${behindText(shown, now)})`}
          </span>
        </div>
      </div>
      <button
        type="button"
        className="button rewind-bar__button rewind-bar__to-live"
        aria-disabled={live}
        onClick={() => {
          if (!live) onWatch(undefined);
        }}
      >
        <Radio aria-hidden="true" size={18} />
        {t('rewind.to_live')}
      </button>
      {props.children}
      {props.shifts.length === 0 ? null : (
        <div className="rewind-bar__shift">
          <label htmlFor={shiftId}>{t('shift.label')}</label>
          <select
            id={shiftId}
            value={String(props.shift)}
            onChange={(event) => {
              props.onShift(Number(event.currentTarget.value));
            }}
          >
            <option value="0">{t('shift.main')}</option>
            {props.shifts.map((shift) => (
              <option key={shift} value={String(shift)}>
                {t('shift.copy', { shift: formatShift(shift) })}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
