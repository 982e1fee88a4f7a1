import { Loader2, Pause, Play, Radio as RadioIcon, SkipForward, Square, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { detectDevice, radioStreamKind } from '../../../lib/device.ts';
import { whenIdle } from '../../../lib/after-paint.ts';
import { followHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { mediaOrigin } from '../../../lib/media-origin.ts';
import { closePlayer, usePlayer } from '../../../lib/player-store.ts';
import './efir-player.css';

/** The live radio ('efir') player of the shell: shown while the player's type is 'efir'. */
export function EfirPlayer() {
  const player = usePlayer();
  if (!player.active || player.type !== 'efir') return null;
  return <EfirAudio key={player.choice} />;
}

type Status = 'loading' | 'ready' | 'error';

/** The stream by the user agent: the apple path on iPhone and iPad, m3u elsewhere (SPEC §7). */
export function efirStreamUrl(userAgent: string): string {
  return `${mediaOrigin()}/radio/${radioStreamKind(detectDevice(userAgent))}/stream.m3u8`;
}

function EfirAudio() {
  const { t } = useI18n();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio === null) return;
    audio.volume = 0.5;
    let cancelled = false;
    let detach = (): void => undefined;
    const fail = (error: unknown): void => {
      console.error(error);
      setStatus('error');
    };
    // Nothing plays before the visitor asks (no autoplay): the stream's code and first segments
    // wait for an idle moment, after what the page shows first.
    const cancelIdle = whenIdle(() => {
      // While the stream is away the bar shows it loading, and plays on once it is back.
      const recovering = (): void => {
        setStatus('loading');
      };
      followHls(audio, efirStreamUrl(navigator.userAgent), recovering).then((attachment) => {
        if (cancelled) attachment.detach();
        else detach = attachment.detach;
      }, fail);
    });
    return () => {
      cancelled = true;
      cancelIdle();
      audio.pause();
      detach();
    };
  }, []);

  const audio = (): HTMLAudioElement | null => audioRef.current;
  const toLive = (): void => {
    const element = audio();
    if (element === null || element.seekable.length === 0) return;
    // The live edge, less a few seconds so the buffer does not run dry at once.
    element.currentTime = Math.max(element.seekable.start(0), element.seekable.end(element.seekable.length - 1) - 3);
  };

  return (
    <section className="efir" aria-label={t('efir.title')}>
      <audio
        ref={audioRef}
        preload="none"
        onCanPlay={() => {
          setStatus('ready');
        }}
        onPlay={() => {
          setPlaying(true);
        }}
        onPause={() => {
          setPlaying(false);
        }}
        onVolumeChange={(event) => {
          setMuted(event.currentTarget.muted);
        }}
      />
      <RadioIcon className="efir__icon" aria-hidden="true" size={22} />
      <p className="efir__title">
        <span className="efir__live">{t('efir.on_air')}</span> <span className="efir__name">{t('efir.name')}</span>
      </p>
      {/* The play button shows the loading; the bar keeps its height from loading to ready. */}
      <span className="visually-hidden" role="status">
        {status === 'loading' ? t('efir.loading') : ''}
      </span>
      {status === 'error' ? (
        <span className="efir__status" role="alert">
          {t('efir.error')}
        </span>
      ) : null}
      <div className="efir__controls">
        <button
          type="button"
          className="icon-button efir__play"
          disabled={status !== 'ready'}
          aria-label={t(playing ? 'efir.pause' : 'efir.play')}
          onClick={() => {
            const element = audio();
            if (element === null) return;
            if (element.paused) {
              element.play().catch((error: unknown) => {
                console.error(error);
              });
            } else element.pause();
          }}
        >
          {status === 'loading' ? (
            <Loader2 className="efir__spinner" aria-hidden="true" size={20} />
          ) : playing ? (
            <Pause aria-hidden="true" size={20} />
          ) : (
            <Play aria-hidden="true" size={20} />
          )}
        </button>
        <button
          type="button"
          className="icon-button"
          disabled={status !== 'ready'}
          aria-label={t('efir.stop')}
          onClick={() => {
            const element = audio();
            if (element === null) return;
            // Stop: pause and go back to the start of what can be played.
            element.pause();
            if (element.seekable.length > 0) element.currentTime = element.seekable.start(0);
          }}
        >
          <Square aria-hidden="true" size={18} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t(muted ? 'efir.unmute' : 'efir.mute')}
          aria-pressed={muted}
          onClick={() => {
            const element = audio();
            if (element !== null) element.muted = !element.muted;
          }}
        >
          {muted ? <VolumeX aria-hidden="true" size={20} /> : <Volume2 aria-hidden="true" size={20} />}
        </button>
        <button
          type="button"
          className="icon-button efir__to-live"
          disabled={status !== 'ready'}
          aria-label={t('efir.to_live')}
          title={t('efir.to_live')}
          onClick={() => {
            toLive();
            audio()
              ?.play()
              .catch((error: unknown) => {
                console.error(error);
              });
          }}
        >
          <SkipForward aria-hidden="true" size={20} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('efir.close')}
          onClick={() => {
            closePlayer();
          }}
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>
    </section>
  );
}
