import { clockTimeIn, formatShift, isFillerSegment, type TeleprogramItem } from '@efir/contract';
import type { ReactNode } from 'react';
import { Volume2 } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { RewindBar } from '../../../components/rewind-bar.tsx';
import { SubtitlesButton } from '../../../components/subtitles-button.tsx';
import { afterPaint, whenIdle } from '../../../lib/after-paint.ts';
import { useAllowanceAdvance } from '../../../lib/allowance-advance.ts';
import { formatClock } from '../../../lib/dates.ts';
import { followHls, preloadHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { liveShows, offAirText, stripItems, tvAllowanceSeconds, tvEnded } from '../../../lib/live.ts';
import { onAirIndex } from '../../../lib/programme-day.ts';
import { createPictureReader, mustReanchor, type PictureReader, programmeStartBefore } from '../../../lib/rewind.ts';
import { siteTimeZone } from '../../../lib/site-zone.ts';
import { subtitleLanguageFor, useShownSubtitles, useSubtitleChoice } from '../../../lib/subtitles.ts';
import { channelShifts, chosenShift, liveStreamUrl, rememberShift, rewindMs } from '../../../lib/streams.ts';
import { advanceTeleprogram } from '../api/advance-teleprogram.ts';
import { runStatusQuery, useRunStatus } from '../api/get-run-status.ts';
import { useTeleprogramWithAds } from '../api/get-teleprogram-withads.ts';
import { useTimeLive } from '../api/get-time-live.ts';
import './live-tv.css';

export interface LiveTvSlots {
  /** The ticker over the stream, for the day, the item on the picture and the picture's time on
   * the schedules' clock (the clock's own while nothing plays). */
  ticker: (teleId: number, item: TeleprogramItem | undefined, time: string | undefined) => ReactNode;
  chat: (teleId: number) => ReactNode;
  /** The day's strip with the item on air marked, and the one the viewer watches when rewound. */
  strip: (teleId: number, currentItemId: number | undefined, watchedItemId: number | undefined) => ReactNode;
}

/** What the player plays: the channel or one of its regional copies, live or from an instant. */
interface Watching {
  shift: number;
  from: number | undefined;
}

/**
 * The home page's live TV (SPEC §4): the run polled every 5 s and the time every 2 s until the
 * day ends (status 0 or 4, or no day); the player with its ticker, the chat and the day's strip
 * while live mode shows; the off-air text once it does not.
 */
export function LiveTvSection(slots: LiveTvSlots) {
  const { t } = useI18n();
  // hls.js loads while the calls answer, once the page's first frame is painted.
  useEffect(() => afterPaint(preloadHls), []);
  // What the answers change is rendered in the background, in slices, not in the update that
  // brings them (the section mounts the player, the chat and the strip at once).
  const run = useDeferredValue(useRunStatus().data);
  const dayOver = tvEnded(run);
  const teleId = run === undefined || run === 'none' ? undefined : run.id;
  const withAds = useDeferredValue(
    useTeleprogramWithAds(teleId, run === undefined || run === 'none' ? undefined : run.status).data,
  );
  const items = withAds?.results ?? [];
  const time = useTimeLive(!dayOver && teleId !== undefined).data?.Time;
  const [watching, setWatching] = useState<Watching>(() => ({ shift: chosenShift('tv'), from: undefined }));
  const [subtitles, toggleSubtitles] = useSubtitleChoice();
  // The item the picture shows, once it plays: the strip and the ticker follow it, not the wall
  // clock, which runs a few seconds ahead of any live player; and the item on the air by the clock,
  // which a rewound picture is behind. Each set only when it changes.
  const [shown, setShown] = useState(notShown);
  const [airing, setAiring] = useState(-1);
  // The picture's time on the schedules' clock, for the ticker: its messages run with the picture.
  const [pictureClock, setPictureClock] = useState<string>();
  const starts = useRef<string[]>([]);
  // The picture's instant, read from the player when the bar or a button asks for it.
  const [picture] = useState(createPictureReader);
  useEffect(() => {
    starts.current = (withAds?.results ?? []).map((item) => item.time_to_start);
  }, [withAds]);
  const onPictureTime = useCallback((at: Date | undefined, shift: number, slate: boolean) => {
    if (at === undefined) {
      setPictureClock(undefined);
      return;
    }
    // A copy's picture and air are read on its own clock: the schedule's wall-clock times.
    const clock = (instant: number): string => clockTimeIn(siteTimeZone(), new Date(instant + shift * 60_000));
    setPictureClock(clock(at.getTime()));
    // The slate on the picture (a gap, an item whose media are late, a join): no item is shown.
    setShown(slate ? slateShown : onAirIndex(starts.current, clock(at.getTime())));
    setAiring(onAirIndex(starts.current, clock(Date.now())));
  }, []);
  const watch = useCallback((from: number | undefined): void => {
    setWatching((before) => ({ ...before, from }));
  }, []);

  useAllowanceAdvance({
    run,
    items,
    mediumOf: videoOf,
    allowanceSeconds: tvAllowanceSeconds,
    advance: advanceTeleprogram,
    runKey: runStatusQuery.queryKey,
  });

  if (run === undefined) {
    // The section's own shape while the run loads, so what follows it does not move when it comes.
    return (
      <div className="live-tv" aria-hidden="true">
        <div className="live-tv__stage" />
        <div className="live-chat-placeholder skeleton" />
        <div className="live-strip live-strip--loading skeleton" />
      </div>
    );
  }
  // While the day's items load, a run on air starts the player already: the first frame comes sooner.
  const loadingItems = run !== 'none' && run.status === 1 && withAds === undefined;
  if (run === 'none' || (!loadingItems && !liveShows(run, withAds?.show ?? false, items.length))) {
    return (
      <section className="live-off" aria-label={t('live.title')}>
        <p>{offAirText(run, t('live.offline'))}</p>
      </section>
    );
  }
  const rewound = watching.from !== undefined;
  // Live, the strip follows the picture; rewound, it marks both the picture's item and the air's.
  // Before the picture plays, the run's index stands for it.
  const current = items[rewound ? airing : shown === notShown ? run.index : shown];
  const watched = rewound ? items[shown] : current;
  const watchedTime = watched?.time_to_start ?? '';
  return (
    <section className="live-tv" aria-label={t('live.title')}>
      <div className="live-tv__player">
        <div className="live-tv__stage">
          <LiveVideo
            watching={watching}
            subtitles={subtitles}
            picture={picture}
            onPictureTime={onPictureTime}
            onReanchor={watch}
          />
          {/* The running line is the main channel's live one. */}
          {rewound || watching.shift !== 0 ? null : slots.ticker(run.id, current, pictureClock ?? time)}
        </div>
        <RewindBar
          label={t('rewind.tv')}
          rewindMs={rewindMs()}
          playing={picture.playing}
          live={!rewound}
          onFromStart={
            watchedTime === ''
              ? undefined
              : () => {
                  watch(
                    programmeStartBefore(watchedTime, picture.playing() ?? Date.now(), siteTimeZone(), watching.shift),
                  );
                }
          }
          onWatch={watch}
          shifts={channelShifts('tv')}
          shift={watching.shift}
          onShift={(shift) => {
            rememberShift(shift === 0 ? '' : formatShift(shift));
            setWatching({ shift, from: undefined });
          }}
        >
          {/* The channel always carries its subtitle renditions (empty where an item has none). */}
          <SubtitlesButton on={subtitles} onToggle={toggleSubtitles} className="rewind-bar__button" />
        </RewindBar>
      </div>
      {slots.chat(run.id)}
      {slots.strip(run.id, current?.id, rewound ? watched?.id : undefined)}
    </section>
  );
}

/** The strip's index of the picture's item before the picture plays, and while the slate airs. */
const notShown = -1;
const slateShown = -2;

/** An item's video: what moving on publishes, and how long it lasts. */
const videoOf = (item: TeleprogramItem) => item.video;

/**
 * The live player: autoplay muted where the browser demands it, with a clear unmute control.
 * `onPictureTime` hears, about every second while it plays, the wall-clock time of the picture
 * it shows; a rewound picture about to leave the rewind window is played again from where it is
 * (`onReanchor`).
 */
function LiveVideo({
  watching,
  subtitles,
  picture,
  onPictureTime,
  onReanchor,
}: {
  watching: Watching;
  /** The visitor's subtitles are on. */
  subtitles: boolean;
  /** Told where to read the picture's instant: this player's stream, once attached. */
  picture: PictureReader;
  onPictureTime: (at: Date | undefined, shift: number, slate: boolean) => void;
  onReanchor: (from: number) => void;
}) {
  const { t, locale } = useI18n();
  const videoRef = useRef<HTMLVideoElement>(null);
  useShownSubtitles(videoRef, subtitles, subtitleLanguageFor(locale));
  const [muted, setMuted] = useState(true);
  // The browser's own controls are a tree of their own to style and lay out: they come once the
  // picture moves (or the auto-click's time has come), in an idle moment, not with the page's
  // first frames.
  const [controls, setControls] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    let cancelIdle = (): void => undefined;
    const offer = (): void => {
      video.removeEventListener('playing', offer);
      window.clearTimeout(fallback);
      cancelIdle = whenIdle(() => {
        setControls(true);
      });
    };
    const fallback = window.setTimeout(offer, 2000);
    video.addEventListener('playing', offer);
    return () => {
      video.removeEventListener('playing', offer);
      window.clearTimeout(fallback);
      cancelIdle();
    };
  }, []);
  const { shift, from } = watching;
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    const abandoned = new AbortController();
    let detach = (): void => undefined;
    let playingAt: number | undefined;
    const start = (): void => {
      video.play().catch(() => {
        // Sound is not allowed yet: play muted, the unmute control stays offered.
        video.muted = true;
        setMuted(true);
        void video.play().catch(() => undefined);
      });
    };
    onPictureTime(undefined, shift, false);
    picture.follow(undefined, true);
    // Through an outage (a restart, the channel off air and back) it attaches the stream again and
    // the element's autoplay starts it at the live edge, or a rewound one where it played.
    let pictureTimer = 0;
    const url = (): string =>
      liveStreamUrl('tv', { shift, from: from === undefined ? undefined : (playingAt ?? from) });
    followHls(video, url, undefined, { channel: true, nearLive: from === undefined, signal: abandoned.signal }).then(
      (attachment) => {
        if (abandoned.signal.aborted) attachment.detach();
        else {
          detach = attachment.detach;
          start();
          const showing = (): Date | undefined => (video.paused ? undefined : attachment.playingDate());
          picture.follow(() => showing()?.getTime());
          pictureTimer = window.setInterval(() => {
            const at = showing();
            if (at === undefined) return;
            if (from !== undefined) playingAt = at.getTime();
            const segment = attachment.playingSegment();
            onPictureTime(at, shift, segment !== undefined && isFillerSegment(segment));
            if (from !== undefined && mustReanchor(at.getTime(), Date.now(), rewindMs())) onReanchor(at.getTime());
          }, 1000);
        }
      },
      (error: unknown) => {
        console.error(error);
      },
    );
    // A live player clicks play itself after 2 s if it is not playing yet (SPEC §4).
    const retry = window.setTimeout(() => {
      if (video.paused) start();
    }, 2000);
    const onVolume = (): void => {
      setMuted(video.muted);
    };
    video.addEventListener('volumechange', onVolume);
    return () => {
      abandoned.abort();
      window.clearTimeout(retry);
      window.clearInterval(pictureTimer);
      picture.follow(undefined);
      video.removeEventListener('volumechange', onVolume);
      video.pause();
      detach();
    };
  }, [shift, from, picture, onPictureTime, onReanchor]);
  return (
    <>
      <video
        ref={videoRef}
        className="live-tv__video"
        aria-label={t('live.player')}
        muted
        autoPlay
        playsInline
        controls={controls}
        preload="metadata"
        lang="ru"
      />
      <span className={from === undefined ? 'live-tv__badge' : 'live-tv__badge live-tv__badge--rewound'}>
        {from === undefined ? t('live.title') : t('rewind.rewound')}
      </span>
      {muted ? (
        <button
          type="button"
          className="button live-tv__unmute"
          onClick={() => {
            const video = videoRef.current;
            if (video === null) return;
            video.muted = false;
            void video.play().catch(() => undefined);
          }}
        >
          <Volume2 aria-hidden="true" size={20} />
          <span className="live-tv__unmute-text">{t('live.unmute')}</span>
        </button>
      ) : null}
    </>
  );
}

/** The day's programme: items with a start time and not draft 2; the one on air marked. */
export function ProgrammeStrip({
  videos,
  currentId,
  watchedId,
}: {
  videos: readonly TeleprogramItem[];
  currentId: number | undefined;
  /** The item a rewound viewer watches, when it is not the one on air. */
  watchedId?: number | undefined;
}) {
  const { t } = useI18n();
  // A day can hold a couple of hundred items: they render in the background, in short slices.
  const items = useDeferredValue(videos);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(
    () =>
      afterPaint(() => {
        // What is watched first: rewound, the item the picture shows; else the one on the air.
        const current =
          listRef.current?.querySelector<HTMLElement>('.live-strip__item--watched') ??
          listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
        const list = listRef.current;
        if (current == null || list === null) return;
        list.scrollTo({ left: current.offsetLeft - list.offsetLeft - 16, behavior: 'smooth' });
      }),
    [currentId, watchedId, items.length],
  );
  return (
    <section className="live-strip" aria-label={t('live.programme')}>
      <h2 className="live-strip__title">{t('live.programme')}</h2>
      <ol ref={listRef} className="live-strip__list" tabIndex={0} aria-label={t('live.programme')}>
        {stripItems(items).map((item) => {
          const onAir = item.id === currentId;
          const watched = watchedId !== undefined && item.id === watchedId && !onAir;
          return (
            <li
              key={item.id}
              className={watched ? 'live-strip__item live-strip__item--watched' : 'live-strip__item'}
              aria-current={onAir ? 'true' : undefined}
            >
              <span className="live-strip__time">{formatClock(item.time_to_start)}</span>
              <span className="live-strip__name">{item.video.name}</span>
              {onAir ? <span className="live-strip__now">{t('live.now')}</span> : null}
              {watched ? <span className="live-strip__watched">{t('rewind.watching')}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
