import { clockTimeIn, type Teleprogram, type TeleprogramItem } from '@efir/contract';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Volume2 } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { afterPaint, whenIdle } from '../../../lib/after-paint.ts';
import { formatClock } from '../../../lib/dates.ts';
import { followHls, preloadHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { allowanceSpent, liveShows, offAirText, stripItems, tvAllowanceSeconds, tvEnded } from '../../../lib/live.ts';
import { mediaOrigin } from '../../../lib/media-origin.ts';
import { onAirIndex } from '../../../lib/programme-day.ts';
import { siteTimeZone } from '../../../lib/site-zone.ts';
import { advanceTeleprogram } from '../api/advance-teleprogram.ts';
import { runStatusQuery, useRunStatus } from '../api/get-run-status.ts';
import { useTeleprogramWithAds } from '../api/get-teleprogram-withads.ts';
import { useTimeLive } from '../api/get-time-live.ts';
import './live-tv.css';

export interface LiveTvSlots {
  /** The ticker over the stream, for the day, the item on air and the schedules' time. */
  ticker: (teleId: number, itemId: number | undefined, time: string | undefined) => ReactNode;
  chat: (teleId: number) => ReactNode;
  /** The day's strip with the item on air marked. */
  strip: (teleId: number, currentItemId: number | undefined) => ReactNode;
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
  // The item the picture shows, once it plays: the strip and the ticker follow it, not the wall
  // clock, which runs a few seconds ahead of any live player. Set only when it changes.
  const [shown, setShown] = useState(-1);
  const starts = useRef<string[]>([]);
  useEffect(() => {
    starts.current = (withAds?.results ?? []).map((item) => item.time_to_start);
  }, [withAds]);
  const onPictureTime = useCallback((at: Date) => {
    setShown(onAirIndex(starts.current, clockTimeIn(siteTimeZone(), at)));
  }, []);

  useAdvance(run, items);

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
  const current = items[shown >= 0 ? shown : run.index];
  return (
    <section className="live-tv" aria-label={t('live.title')}>
      <div className="live-tv__stage">
        <LiveVideo onPictureTime={onPictureTime} />
        {slots.ticker(run.id, current?.id, time)}
      </div>
      {slots.chat(run.id)}
      {slots.strip(run.id, current?.id)}
    </section>
  );
}

/**
 * When the item on air has used its allowance (duration + 30 s) the page publishes it and asks to
 * move on; the server answers with the run its clock gives, which the page then follows.
 */
function useAdvance(run: Teleprogram | 'none' | undefined, items: readonly TeleprogramItem[]) {
  const queryClient = useQueryClient();
  const since = useRef<{ key: string; at: number }>(undefined);
  useEffect(() => {
    if (run === undefined || run === 'none' || run.status !== 1) return;
    const item = items[run.index];
    if (item === undefined) return;
    const key = `${run.id}:${run.index}`;
    if (since.current?.key !== key) since.current = { key, at: Date.now() };
    const started = since.current.at;
    const timer = window.setInterval(() => {
      if (!allowanceSpent((Date.now() - started) / 1000, item.video.duration, tvAllowanceSeconds)) return;
      window.clearInterval(timer);
      advanceTeleprogram(run.id, item.video.id, run.index + 1).then(
        (next) => {
          queryClient.setQueryData(runStatusQuery.queryKey, next);
        },
        (error: unknown) => {
          console.error(error);
        },
      );
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [run, items, queryClient]);
}

/** The live player: autoplay muted where the browser demands it, with a clear unmute control. */
/** The live player; `onPictureTime` hears, about every second while it plays, the wall-clock time
 * of the picture it shows. */
function LiveVideo({ onPictureTime }: { onPictureTime: (at: Date) => void }) {
  const { t } = useI18n();
  const videoRef = useRef<HTMLVideoElement>(null);
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
  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    let cancelled = false;
    let detach = (): void => undefined;
    const start = (): void => {
      video.play().catch(() => {
        // Sound is not allowed yet: play muted, the unmute control stays offered.
        video.muted = true;
        setMuted(true);
        void video.play().catch(() => undefined);
      });
    };
    // Through an outage (a restart, the channel off air and back) it attaches the stream again and
    // the element's autoplay starts it at the live edge.
    let pictureTimer = 0;
    followHls(video, `${mediaOrigin()}/tv/stream.m3u8`).then(
      (attachment) => {
        if (cancelled) attachment.detach();
        else {
          detach = attachment.detach;
          start();
          pictureTimer = window.setInterval(() => {
            const at = video.paused ? undefined : attachment.playingDate();
            if (at !== undefined) onPictureTime(at);
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
      cancelled = true;
      window.clearTimeout(retry);
      window.clearInterval(pictureTimer);
      video.removeEventListener('volumechange', onVolume);
      video.pause();
      detach();
    };
  }, [onPictureTime]);
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
      <span className="live-tv__badge">{t('live.title')}</span>
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
}: {
  videos: readonly TeleprogramItem[];
  currentId: number | undefined;
}) {
  const { t } = useI18n();
  // A day can hold a couple of hundred items: they render in the background, in short slices.
  const items = useDeferredValue(videos);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(
    () =>
      afterPaint(() => {
        const current = listRef.current?.querySelector<HTMLElement>('[aria-current="true"]');
        const list = listRef.current;
        if (current == null || list === null) return;
        list.scrollTo({ left: current.offsetLeft - list.offsetLeft - 16, behavior: 'smooth' });
      }),
    [currentId, items.length],
  );
  return (
    <section className="live-strip" aria-label={t('live.programme')}>
      <h2 className="live-strip__title">{t('live.programme')}</h2>
      <ol ref={listRef} className="live-strip__list" tabIndex={0} aria-label={t('live.programme')}>
        {stripItems(items).map((item) => {
          const onAir = item.id === currentId;
          return (
            <li key={item.id} className="live-strip__item" aria-current={onAir ? 'true' : undefined}>
              <span className="live-strip__time">{formatClock(item.time_to_start)}</span>
              <span className="live-strip__name">{item.video.name}</span>
              {onAir ? <span className="live-strip__now">{t('live.now')}</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
