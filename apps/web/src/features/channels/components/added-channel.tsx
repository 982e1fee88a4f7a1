// An added channel on the air: its live stream in a player (video or sound by its kind), what it
// airs now and until when. The main channels' sections (their strips, tickers and chats) are the
// spec's; an added channel has its stream and its programme.
import { type ChannelOnAir, clockTimeIn } from '@efir/contract';
import { useEffect, useRef, useState } from 'react';
import { formatClock } from '../../../lib/dates.ts';
import { followHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { mediaOrigin } from '../../../lib/media-origin.ts';
import { closePlayer } from '../../../lib/player-store.ts';
import { siteTimeZone } from '../../../lib/site-zone.ts';
import './channels.css';

export function AddedChannel({ channel }: { channel: ChannelOnAir }) {
  const { t } = useI18n();
  const mediaRef = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [muted, setMuted] = useState(true);
  const url = `${mediaOrigin()}${channel.playlist}`;
  useEffect(() => {
    const media = mediaRef.current;
    if (media === null) return;
    // One sound at a time: a radio station chosen here takes the place of the site's radio player.
    if (channel.kind === 'audio') closePlayer();
    const abandoned = new AbortController();
    let detach = (): void => undefined;
    const start = (): void => {
      media.play().catch(() => {
        // Sound is not allowed yet: play muted, the unmute control stays offered.
        media.muted = true;
        setMuted(true);
        void media.play().catch(() => undefined);
      });
    };
    followHls(media, url, undefined, { channel: true, nearLive: true, signal: abandoned.signal }).then(
      (attachment) => {
        if (abandoned.signal.aborted) attachment.detach();
        else {
          detach = attachment.detach;
          start();
        }
      },
      () => undefined,
    );
    return () => {
      abandoned.abort();
      detach();
    };
  }, [url, channel.kind]);
  const label = `${channel.name}: ${t('live.title')}`;
  // Minutes, and seconds where an item starts and ends within one minute.
  const clock = (instant: number): string => clockTimeIn(siteTimeZone(), new Date(instant));
  const span = (now: { start: number; end: number }): string => {
    const [start, end] = [clock(now.start), clock(now.end)];
    return formatClock(start) === formatClock(end) ? `${start}–${end}` : `${formatClock(start)}–${formatClock(end)}`;
  };
  return (
    <section className="added-channel" aria-label={label}>
      <div
        className={
          channel.kind === 'video' ? 'added-channel__stage' : 'added-channel__stage added-channel__stage--audio'
        }
      >
        {channel.kind === 'video' ? (
          <video ref={mediaRef} aria-label={label} muted={muted} autoPlay playsInline controls />
        ) : (
          <audio ref={mediaRef} aria-label={label} muted={muted} autoPlay controls />
        )}
      </div>
      <div className="added-channel__about">
        <p className="added-channel__now" data-testid="added-channel-now">
          {channel.now === null ? (
            t('channels.off_air')
          ) : (
            <>
              <span className="added-channel__label">{t('live.now')}: </span>
              <strong>{channel.now.name}</strong> <span className="added-channel__time">{span(channel.now)}</span>
            </>
          )}
        </p>
        {muted ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              const media = mediaRef.current;
              if (media === null) return;
              media.muted = false;
              setMuted(false);
              void media.play().catch(() => undefined);
            }}
          >
            {t('live.unmute')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
