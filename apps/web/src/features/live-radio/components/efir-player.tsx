import { Loader2, Pause, Play, Radio as RadioIcon, SkipForward, Square, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ClosePlayerButton } from '../../../components/close-player-button.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { detectDevice, radioStreamKind } from '../../../lib/device.ts';
import { whenIdle } from '../../../lib/after-paint.ts';
import { type EfirWatching, followEfirPlaying, useEfirWatching, watchEfir } from '../../../lib/efir-watching.ts';
import { followHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { usePlayer } from '../../../lib/player-store.ts';
import { mustReanchor } from '../../../lib/rewind.ts';
import { liveStreamUrl, rewindMs } from '../../../lib/streams.ts';
import './efir-player.css';

/** The live radio ('efir') player of the shell: shown while the player's type is 'efir'. */
export function EfirPlayer() {
  const player = usePlayer();
  if (!player.active || player.type !== 'efir') return null;
  return <EfirAudio key={player.choice} />;
}

type Status = 'loading' | 'ready' | 'error';

/** The stream by the user agent: the apple path on iPhone and iPad, m3u elsewhere (SPEC §7); of
 * the channel or a regional copy, live or from an instant. */
export function efirStreamUrl(userAgent: string, watching: EfirWatching = { shift: 0, from: undefined }): string {
  return liveStreamUrl('radio', { ...watching, radioKind: radioStreamKind(detectDevice(userAgent)) });
}

function EfirAudio() {
  const { t } = useI18n();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);

  const watching = useEfirWatching();
  const { shift, from } = watching;
  const started = useRef(false);
  useEffect(() => {
    const audio = audioRef.current;
    if (audio === null) return;
    // The volume is the visitor's from the first stream on; a rewind or a copy keeps it. The first
    // stream waits for the visitor's play; one they switch to (a rewind, live again, a copy) plays.
    if (!started.current) audio.volume = 0.5;
    const switched = started.current;
    started.current = true;
    const abandoned = new AbortController();
    let detach = (): void => undefined;
    let soundTimer = 0;
    const fail = (error: unknown): void => {
      console.error(error);
      setStatus('error');
    };
    setStatus('loading');
    // A rewound stream attached again (an outage) starts from where its sound was.
    let playingAt: number | undefined;
    const url = (): string =>
      efirStreamUrl(navigator.userAgent, { shift, from: from === undefined ? undefined : (playingAt ?? from) });
    // Nothing plays before the visitor asks (no autoplay): the stream's code and first segments
    // wait for an idle moment, after what the page shows first. A visitor's rewind plays at once.
    const cancelIdle = whenIdle(() => {
      // While the stream is away the bar shows it loading, and plays on once it is back.
      const recovering = (): void => {
        setStatus('loading');
      };
      followHls(audio, url, recovering, { channel: true, nearLive: from === undefined, signal: abandoned.signal }).then(
        (attachment) => {
          if (abandoned.signal.aborted) {
            attachment.detach();
            return;
          }
          detach = attachment.detach;
          if (switched) {
            audio.play().catch((error: unknown) => {
              console.error(error);
            });
          }
          const sounding = (): number | undefined => (audio.paused ? undefined : attachment.playingDate()?.getTime());
          followEfirPlaying(sounding);
          soundTimer = window.setInterval(() => {
            const at = sounding();
            if (at === undefined) return;
            if (from !== undefined) playingAt = at;
            if (from !== undefined && mustReanchor(at, Date.now(), rewindMs())) watchEfir({ from: at });
          }, 1000);
        },
        fail,
      );
    });
    return () => {
      abandoned.abort();
      cancelIdle();
      window.clearInterval(soundTimer);
      followEfirPlaying(undefined);
      audio.pause();
      detach();
    };
  }, [shift, from]);

  const audio = (): HTMLAudioElement | null => audioRef.current;
  const toLive = (): void => {
    if (from !== undefined) {
      watchEfir({ from: undefined });
      return;
    }
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
        <span className={from === undefined ? 'efir__live' : 'efir__live efir__live--rewound'}>
          {t(from === undefined ? 'efir.on_air' : 'rewind.rewound')}
        </span>{' '}
        <span className="efir__name">{t('efir.name')}</span>
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
      {/* The buttons that wait for the stream are unavailable rather than disabled while it loads:
          they keep their place in the Tab order, and a screen reader says they cannot be used yet. */}
      <div className="efir__controls">
        <IconButton
          className="icon-button efir__play"
          label={t(playing ? 'efir.pause' : 'efir.play')}
          aria-disabled={status !== 'ready'}
          onClick={() => {
            const element = audio();
            if (element === null || status !== 'ready') return;
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
        </IconButton>
        <IconButton
          label={t('efir.stop')}
          aria-disabled={status !== 'ready'}
          onClick={() => {
            const element = audio();
            if (element === null || status !== 'ready') return;
            // Stop: pause and go back to the start of what can be played.
            element.pause();
            if (element.seekable.length > 0) element.currentTime = element.seekable.start(0);
          }}
        >
          <Square aria-hidden="true" size={18} />
        </IconButton>
        <IconButton
          label={t(muted ? 'efir.unmute' : 'efir.mute')}
          aria-pressed={muted}
          onClick={() => {
            const element = audio();
            if (element !== null) element.muted = !element.muted;
          }}
        >
          {muted ? <VolumeX aria-hidden="true" size={20} /> : <Volume2 aria-hidden="true" size={20} />}
        </IconButton>
        <IconButton
          className="icon-button efir__to-live"
          label={t('efir.to_live')}
          aria-disabled={status !== 'ready'}
          title={t('efir.to_live')}
          onClick={() => {
            if (status !== 'ready') return;
            toLive();
            audio()
              ?.play()
              .catch((error: unknown) => {
                console.error(error);
              });
          }}
        >
          <SkipForward aria-hidden="true" size={20} />
        </IconButton>
        <ClosePlayerButton label={t('efir.close')} />
      </div>
    </section>
  );
}
