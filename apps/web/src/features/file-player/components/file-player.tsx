import type { Radio } from '@efir/contract';
import { ArrowUp, Loader2, Pause, Play, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ClosePlayerButton } from '../../../components/close-player-button.tsx';
import { IconButton } from '../../../components/icon-button.tsx';
import { PreviewImage } from '../../../components/preview-image.tsx';
import { formatDuration } from '../../../lib/dates.ts';
import { attachHls } from '../../../lib/hls.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { usePlayer } from '../../../lib/player-store.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { useRecordRadioPlay } from '../api/record-radio-play.ts';
import './file-player.css';

/** The global player for radio recordings, docked at the bottom and alive across navigation. */
export function FilePlayer() {
  const player = usePlayer();
  if (!player.active || player.type !== 'file' || player.radio === null) return null;
  return <FileAudio key={`${player.radio.id}:${player.choice}`} radio={player.radio} autoPlay={player.autoPlay} />;
}

type Status = 'loading' | 'ready' | 'error';

/** Volume icon thresholds of SPEC §5: loud from 0.51, low above zero, muted at zero. */
function VolumeIcon({ volume, muted }: { volume: number; muted: boolean }) {
  if (muted || volume <= 0) return <VolumeX aria-hidden="true" size={20} />;
  if (volume >= 0.51) return <Volume2 aria-hidden="true" size={20} />;
  return <Volume1 aria-hidden="true" size={20} />;
}

function FileAudio({ radio, autoPlay }: { radio: Radio; autoPlay: boolean }) {
  const { t } = useI18n();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(0.5);
  const [muted, setMuted] = useState(false);
  const recordPlay = useRecordRadioPlay();
  const recorded = useRef(false);
  const { mutate } = recordPlay;

  useEffect(() => {
    if (!autoPlay || recorded.current) return;
    recorded.current = true;
    mutate(radio.id, {
      onError: (error) => {
        console.error(error);
      },
    });
  }, [autoPlay, mutate, radio.id]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio === null) return;
    audio.volume = 0.5;
    if (radio.link_radio === '') {
      console.error('Failed to load sound file', radio.id);
      const timer = window.setTimeout(() => {
        setStatus('error');
      }, 0);
      return () => {
        window.clearTimeout(timer);
      };
    }
    let cancelled = false;
    let detach = (): void => undefined;
    const fail = (error: unknown): void => {
      console.error('Failed to load sound file', error);
      setStatus('error');
    };
    attachHls(audio, radio.link_radio, fail).then((attachment) => {
      if (cancelled) attachment.detach();
      else detach = attachment.detach;
    }, fail);
    return () => {
      cancelled = true;
      audio.pause();
      detach();
    };
  }, [radio.id, radio.link_radio]);

  const onLoadedMetadata = (): void => {
    const audio = audioRef.current;
    if (audio === null) return;
    // A stream with no end reports an infinite duration until it has been read to its end.
    if (audio.duration === Infinity) {
      audio.currentTime = 1e101;
      audio.addEventListener(
        'durationchange',
        () => {
          audio.currentTime = 0;
        },
        { once: true },
      );
    }
    const resumeAt = autoPlay ? Number.NaN : Number(readStored('rtime'));
    if (Number.isFinite(resumeAt) && resumeAt > 0) audio.currentTime = resumeAt;
    setDuration(audio.duration);
  };

  const onCanPlay = (): void => {
    if (status === 'ready') return;
    // The spec's player shows its loading state for about half a second before it is ready.
    window.setTimeout(() => {
      setStatus((current) => (current === 'error' ? current : 'ready'));
      if (autoPlay) {
        audioRef.current?.play().catch((error: unknown) => {
          console.error(error);
        });
      }
    }, 500);
  };

  const toggle = (): void => {
    const audio = audioRef.current;
    if (audio === null) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    if (audio.readyState < 2) {
      console.error('Failed to load sound file');
      setStatus('error');
      return;
    }
    audio.play().catch((error: unknown) => {
      console.error(error);
    });
  };

  const seekable = status === 'ready' && Number.isFinite(duration) && duration > 0;
  const percent = seekable ? (time / duration) * 100 : 0;

  return (
    <section className="file-player" aria-label={t('player.title')}>
      <audio
        ref={audioRef}
        preload="metadata"
        data-testid="file-player-audio"
        onLoadedMetadata={onLoadedMetadata}
        onDurationChange={(event) => {
          setDuration(event.currentTarget.duration);
        }}
        onCanPlay={onCanPlay}
        onPlay={() => {
          setPlaying(true);
        }}
        onPause={() => {
          setPlaying(false);
        }}
        onEnded={() => {
          setPlaying(false);
        }}
        onTimeUpdate={(event) => {
          const now = event.currentTarget.currentTime;
          setTime(now);
          writeStored('rtime', String(Math.floor(now)));
        }}
        onError={() => {
          if (radio.link_radio !== '') setStatus('error');
        }}
      />
      <div className="file-player__inner">
        <div className="file-player__info">
          <PreviewImage src={radio.get_preview} className="file-player__cover" />
          <div className="file-player__text">
            <p className="file-player__name">{radio.name}</p>
            <p className="file-player__author">{radio.author.name}</p>
          </div>
        </div>
        <button
          type="button"
          className="file-player__play"
          aria-label={playing ? t('player.pause') : t('player.play')}
          disabled={status === 'loading'}
          onClick={toggle}
        >
          {status === 'loading' ? (
            <Loader2 aria-hidden="true" className="spin" size={22} />
          ) : playing ? (
            <Pause aria-hidden="true" size={22} fill="currentColor" />
          ) : (
            <Play aria-hidden="true" size={22} fill="currentColor" />
          )}
        </button>
        <div className="file-player__seek">
          <span className="file-player__time">{formatDuration(time)}</span>
          <input
            type="range"
            min={0}
            max={100}
            step={0.1}
            value={percent}
            disabled={!seekable}
            aria-label={t('player.seek')}
            aria-valuetext={`${formatDuration(time)} / ${formatDuration(seekable ? duration : radio.duration)}`}
            onChange={(event) => {
              const audio = audioRef.current;
              if (audio === null || !seekable) return;
              audio.currentTime = (Number(event.target.value) / 100) * duration;
            }}
          />
          <span className="file-player__time">{formatDuration(seekable ? duration : radio.duration)}</span>
        </div>
        <div className="file-player__volume">
          <IconButton
            label={muted ? t('player.unmute') : t('player.mute')}
            aria-pressed={muted}
            onClick={() => {
              const audio = audioRef.current;
              if (audio !== null) audio.muted = !muted;
              setMuted(!muted);
            }}
          >
            <VolumeIcon volume={volume} muted={muted} />
          </IconButton>
          <input
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={volume}
            aria-label={t('player.volume')}
            onChange={(event) => {
              const value = Number(event.target.value);
              setVolume(value);
              const audio = audioRef.current;
              if (audio !== null) audio.volume = value;
            }}
          />
        </div>
        <div className="file-player__actions">
          <IconButton
            label={t('player.to_top')}
            onClick={() => {
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          >
            <ArrowUp aria-hidden="true" size={20} />
          </IconButton>
          <ClosePlayerButton label={t('player.close')} />
        </div>
      </div>
      {status === 'error' ? (
        <p className="file-player__error" role="alert">
          {t('error.sound_file')}
        </p>
      ) : null}
    </section>
  );
}
