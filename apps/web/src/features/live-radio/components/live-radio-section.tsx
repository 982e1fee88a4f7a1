import { clockTimeIn, formatShift, type Radioprogram, type RadioprogramItem } from '@efir/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { useAllowanceAdvance } from '../../../lib/allowance-advance.ts';
import { RewindBar } from '../../../components/rewind-bar.tsx';
import { efirPlaying, useEfirWatching, watchEfir } from '../../../lib/efir-watching.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { radioAllowanceSeconds } from '../../../lib/live.ts';
import { closePlayer } from '../../../lib/player-store.ts';
import { onAirIndex } from '../../../lib/programme-day.ts';
import { programmeStartBefore } from '../../../lib/rewind.ts';
import { siteTimeZone } from '../../../lib/site-zone.ts';
import { channelShifts, rememberShift, rewindMs } from '../../../lib/streams.ts';
import { radioprogramTodayQuery } from '../../../lib/today-queries.ts';
import { advanceRadioprogram, useRadioRun, useRadioShow, useRadioWithAds } from '../api/radio-live.ts';
import './live-radio.css';

const active = (run: Radioprogram | 'none' | undefined): run is Radioprogram =>
  run !== undefined && run !== 'none' && (run.status === 1 || run.status === 4);

/**
 * The live radio block of /radio: entering it makes the live radio the player (SPEC §4); it shows
 * what is on air with its chat, follows the radio's run (advance after the item's duration + 15 s,
 * the server deciding), and past the end of the list hides the player and clears the stored radio.
 */
export function LiveRadioSection({ chat }: { chat: (dayId: number) => ReactNode }) {
  const { t } = useI18n();
  const run = useRadioRun().data;
  const dayId = run === undefined || run === 'none' ? undefined : run.id;
  const withAds = useRadioWithAds(dayId);
  const showCheck = useRadioShow(dayId);
  const items = withAds.data?.results ?? [];
  const show = showCheck.data?.show ?? false;
  // An active run whose items or show check have not answered yet is still loading, not off air.
  const settling = active(run) && (withAds.isPending || showCheck.isPending);
  const onAir = active(run) && show && run.index < items.length;
  const finished = run === 'none' || (run !== undefined && items.length > 0 && run.index >= items.length);

  useEffect(() => {
    if (finished) closePlayer();
  }, [finished]);
  useAllowanceAdvance({
    run,
    items,
    mediumOf: radioOf,
    allowanceSeconds: radioAllowanceSeconds,
    advance: advanceRadioprogram,
    runKey: radioprogramTodayQuery.queryKey,
  });
  const watching = useEfirWatching();
  const listened = useListenedIndex(items, watching.shift);

  if (run === undefined || settling) {
    // The block's own shape while the run loads, so what follows it does not move when it comes.
    return (
      <div className="live-radio" aria-hidden="true">
        <div className="live-radio__now live-radio__now--loading skeleton" />
        <div className="live-chat-placeholder skeleton" />
      </div>
    );
  }
  if (!onAir) {
    return (
      <section className="live-off" aria-label={t('radio.live_title')}>
        <p>{t('radio.off_air')}</p>
      </section>
    );
  }
  const current = items[run.index];
  const rewound = watching.from !== undefined;
  // What the listener hears: behind the clock by a few seconds live, by as much as they chose rewound.
  const heard = items[listened] ?? (rewound ? undefined : current);
  const heardTime = heard?.time_to_start ?? '';
  return (
    <section className="live-radio" aria-label={t('radio.live_title')}>
      <div className="live-radio__now">
        {current === undefined ? null : (
          <>
            <PreviewImage className="live-radio__cover" src={current.radio.get_preview} eager />
            <div>
              <p className="live-radio__label">{t('live.now')}</p>
              <p className="live-radio__name">{current.radio.name}</p>
              <p className="live-radio__author">{current.radio.author.name}</p>
              {!rewound || heard === undefined || heard === current ? null : (
                <p className="live-radio__heard">
                  {t('rewind.listening')}: {heard.radio.name}
                </p>
              )}
            </div>
          </>
        )}
      </div>
      {chat(run.id)}
      <div className="live-radio__rewind">
        <RewindBar
          label={t('rewind.radio')}
          rewindMs={rewindMs()}
          playing={efirPlaying}
          live={!rewound}
          onFromStart={
            heardTime === ''
              ? undefined
              : () => {
                  watchEfir({
                    from: programmeStartBefore(heardTime, efirPlaying() ?? Date.now(), siteTimeZone(), watching.shift),
                  });
                }
          }
          onWatch={(from) => {
            watchEfir({ from });
          }}
          shifts={channelShifts('radio')}
          shift={watching.shift}
          onShift={(shift) => {
            rememberShift(shift === 0 ? '' : formatShift(shift));
            watchEfir({ shift, from: undefined });
          }}
        />
      </div>
    </section>
  );
}

/** The item the live radio's sound plays (its index in `items`), read every second, set when it changes. */
function useListenedIndex(items: readonly RadioprogramItem[], shift: number): number {
  const [index, setIndex] = useState(-1);
  useEffect(() => {
    const starts = items.map((item) => item.time_to_start);
    const timer = window.setInterval(() => {
      const at = efirPlaying();
      if (at === undefined) return;
      setIndex(onAirIndex(starts, clockTimeIn(siteTimeZone(), new Date(at + shift * 60_000))));
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [items, shift]);
  return index;
}

/** An item's radio: what moving on publishes, and how long it lasts. */
const radioOf = (item: RadioprogramItem) => item.radio;
