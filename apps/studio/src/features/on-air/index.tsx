// The on-air desk: what airs now and next on every channel with the time left, a small player of
// each channel playing the stream viewers get, the chat rooms beside them, and the ingest queue.
import { type ChannelKind, type StudioAnswer } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { callKey, studio } from '../../lib/api.ts';
import { formatDuration } from '../../lib/format.ts';
import { channelName, clockFormat, today } from '../../lib/channels.ts';
import './on-air.css';
import { Loaded } from '../../components/loaded.tsx';

type OnAirChannel = StudioAnswer<'onAir'>['channels'][number];

const onAirQuery = {
  queryKey: callKey('onAir'),
  queryFn: ({ signal }: { signal: AbortSignal }) => studio('onAir', { signal }),
  refetchInterval: 5000,
};

/** The wall clock, each second. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}

/** The channel's live stream in a small player, as a viewer's browser gets it (hls.js, muted). */
function LivePlayer({ channel, kind, name, url }: { channel: string; kind: ChannelKind; name: string; url: string }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const media = ref.current;
    if (media === null) return;
    let stop = (): void => undefined;
    let ended = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (ended) return;
      if (!Hls.isSupported()) {
        media.src = url;
        return;
      }
      const hls = new Hls({ enableWorker: false, liveSyncDurationCount: 2 });
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setProblem('Поток не отвечает: плеер пробует снова.');
      });
      hls.on(Hls.Events.FRAG_LOADED, () => {
        setProblem(undefined);
      });
      hls.loadSource(url);
      hls.attachMedia(media);
      stop = () => {
        hls.destroy();
      };
    });
    return () => {
      ended = true;
      stop();
    };
  }, [url]);
  const label = `Эфир: ${name}`;
  return (
    <div className="on-air__player">
      {kind === 'video' ? (
        <video ref={ref} aria-label={label} muted autoPlay playsInline controls data-testid={`player-${channel}`} />
      ) : (
        // Muted like the video, so the browser lets it start: the desk shows the radio live, and a
        // click on the sound listens.
        <audio ref={ref} aria-label={label} muted autoPlay controls data-testid={`player-${channel}`} />
      )}
      {problem === undefined ? null : <p className="field__hint">{problem}</p>}
    </div>
  );
}

function ChannelCard({ entry, zone, mediaOrigin }: { entry: OnAirChannel; zone: string; mediaOrigin: string }) {
  const now = useNow();
  const clock = clockFormat(zone);
  const left = entry.now === null ? 0 : Math.max(0, (entry.now.end - now) / 1000);
  const name = channelName(entry.channel, entry.name);
  return (
    <section className="panel stack on-air__channel" aria-labelledby={`on-air-${entry.channel}`}>
      <h2 id={`on-air-${entry.channel}`}>{name}</h2>
      <LivePlayer channel={entry.channel} kind={entry.kind} name={name} url={`${mediaOrigin}${entry.playlist}`} />
      <div data-testid={`now-${entry.channel}`}>
        <span className="muted">Сейчас: </span>
        {entry.now === null ? (
          <strong>заставка или вне эфира</strong>
        ) : (
          <>
            <strong>{entry.now.name}</strong>{' '}
            <span className="muted">
              {clock(entry.now.start)}–{clock(entry.now.end)}, осталось{' '}
              <span className="on-air__left">{formatDuration(left)}</span>
            </span>
          </>
        )}
      </div>
      {entry.next.length === 0 ? (
        <p className="muted">Дальше в этот день ничего нет.</p>
      ) : (
        <ol className="on-air__next" aria-label="Дальше">
          {entry.next.map((item) => (
            <li key={`${String(item.start)}-${String(item.mediaId)}`}>
              <span className="on-air__time">{clock(item.start)}</span> {item.name}
            </li>
          ))}
        </ol>
      )}
      <Link to={`/schedule/${entry.channel}/${entry.date ?? today(zone)}`}>Сетка этого дня</Link>
    </section>
  );
}

/** The desk; the app gives it the chat rooms and the ingest queue the account may see. */
export default function OnAirPage(props: { chats?: ReactNode; queue?: ReactNode }) {
  const onAir = useQuery(onAirQuery);
  const mediaOrigin =
    onAir.data === undefined
      ? ''
      : `${window.location.protocol}//${window.location.hostname}:${String(onAir.data.mediaPort)}`;
  return (
    <>
      <PageHeader title="Эфир" about="Что идёт сейчас и дальше на каждом канале, как это видят зрители." />
      <Loaded query={onAir}>
        {(data) => (
          <div className="on-air">
            {data.channels.map((entry) => (
              <ChannelCard key={entry.channel} entry={entry} zone={data.zone} mediaOrigin={mediaOrigin} />
            ))}
          </div>
        )}
      </Loaded>
      {props.chats === undefined ? null : <div className="on-air">{props.chats}</div>}
      {props.queue}
    </>
  );
}
