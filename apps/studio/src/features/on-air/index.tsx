// The on-air desk: what airs now and next on every channel with the time left, a small player of
// each channel playing the stream viewers get, the chat rooms beside them, and the ingest queue.
// While its player plays, a channel's card keeps the picture's clock (the playlist's
// PROGRAM-DATE-TIME at the playing position, seconds behind the wall clock, as every viewer's
// player is), so what it names and the time it leaves are what viewers see.
import { type ChannelKind, type StudioAnswer } from '@efir/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { callKey, studio } from '../../lib/api.ts';
import { audienceSummary } from '../../lib/audience.ts';
import { formatDuration } from '../../lib/format.ts';
import { useStreamPlayer } from '../../lib/stream-player.ts';
import { channelName, clockFormat, today } from '../../lib/channels.ts';
import './on-air.css';
import { Loaded } from '../../components/loaded.tsx';
import { SubtitlesBadge } from '../../components/status.tsx';

type OnAirChannel = StudioAnswer<'onAir'>['channels'][number];

/** The desk's call: what airs at `at` (a player's picture), or now when unset. */
function onAirQuery(at: number | undefined) {
  return queryOptions({
    queryKey: callKey('onAir', { query: { at } }),
    queryFn: ({ signal }) => studio('onAir', { query: at === undefined ? {} : { at: Math.round(at) }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: at === undefined ? 5000 : false,
  });
}

/** The picture farthest behind among the players', if any plays. */
function earliest(pictures: Record<string, number | undefined>): number | undefined {
  const known = Object.values(pictures).filter((at) => at !== undefined);
  return known.length === 0 ? undefined : Math.min(...known);
}

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
function LivePlayer({
  channel,
  kind,
  name,
  url,
  onPicture,
}: {
  channel: string;
  kind: ChannelKind;
  name: string;
  url: string;
  /** Told each second the instant the picture shows, or undefined while it does not play. */
  onPicture: (at: number | undefined) => void;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const problem = useStreamPlayer(ref, url, true, (player, media) => {
    const timer = setInterval(() => {
      onPicture(media.paused ? undefined : player.playingDate()?.getTime());
    }, 1000);
    return () => {
      clearInterval(timer);
      onPicture(undefined);
    };
  });
  const label = `Эфир: ${name}`;
  return (
    <div className="on-air__player">
      {kind === 'video' ? (
        <video
          ref={ref}
          className="player--video"
          aria-label={label}
          muted
          autoPlay
          playsInline
          controls
          data-testid={`player-${channel}`}
        />
      ) : (
        // Muted like the video, so the browser lets it start: the desk shows the radio live, and a
        // click on the sound listens.
        <audio
          ref={ref}
          className="player--audio"
          aria-label={label}
          muted
          autoPlay
          controls
          data-testid={`player-${channel}`}
        />
      )}
      {problem === undefined ? null : <p className="field__hint">{problem}</p>}
    </div>
  );
}

function ChannelCard(props: {
  entry: OnAirChannel;
  zone: string;
  mediaOrigin: string;
  /** The instant the channel's player shows, while it plays. */
  picture: number | undefined;
  onPicture: (at: number | undefined) => void;
  /** Asks again what airs: the item named has run out on the clock kept. */
  onRunOut: () => void;
}) {
  const { entry, zone, mediaOrigin } = props;
  const wall = useNow();
  const now = props.picture ?? wall;
  const clock = clockFormat(zone);
  const left = entry.now === null ? 0 : Math.max(0, (entry.now.end - now) / 1000);
  const name = channelName(entry.channel, entry.name);
  const ranOut = entry.now !== null && now >= entry.now.end;
  const { onRunOut } = props;
  useEffect(() => {
    if (ranOut) onRunOut();
  }, [ranOut, onRunOut]);
  return (
    <section className="panel stack on-air__channel" aria-labelledby={`on-air-${entry.channel}`}>
      <h2 id={`on-air-${entry.channel}`}>{name}</h2>
      <LivePlayer
        channel={entry.channel}
        kind={entry.kind}
        name={name}
        url={`${mediaOrigin}${entry.playlist}`}
        onPicture={props.onPicture}
      />
      <div
        data-testid={`now-${entry.channel}`}
        data-clock={props.picture === undefined ? 'wall' : 'picture'}
        data-at={Math.round(now)}
        data-start={entry.now?.start}
        data-end={entry.now?.end}
      >
        <span className="muted">Сейчас: </span>
        {entry.now === null ? (
          <strong>заставка или вне эфира</strong>
        ) : (
          <>
            <strong>{entry.now.name}</strong>{' '}
            <span className="muted">
              {clock(entry.now.start)}–{clock(entry.now.end)}, осталось{' '}
              <span className="on-air__left">{formatDuration(left)}</span>
            </span>{' '}
            <SubtitlesBadge languages={entry.now.subtitles} />
          </>
        )}
      </div>
      <p className="on-air__audience" data-testid={`audience-${entry.channel}`} data-players={entry.audience.players}>
        {audienceSummary(entry.audience, entry.kind)}
      </p>
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
  /** Each channel's picture, as its player last told. */
  const [pictures, setPictures] = useState<Record<string, number | undefined>>({});
  const latest = useRef(pictures);
  useEffect(() => {
    latest.current = pictures;
  }, [pictures]);
  // One call tells every channel, at the picture farthest behind (so none is named before it
  // shows), asked again every 5 s and whenever a card's item runs out on its clock.
  const [asked, setAsked] = useState<number>();
  useEffect(() => {
    const timer = setInterval(() => {
      setAsked(earliest(latest.current));
    }, 5000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const askAgain = useCallback(() => {
    setAsked(earliest(latest.current) ?? Date.now());
  }, []);
  const onAir = useQuery(onAirQuery(asked));
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
              <ChannelCard
                key={entry.channel}
                entry={entry}
                zone={data.zone}
                mediaOrigin={mediaOrigin}
                picture={pictures[entry.channel]}
                onPicture={(at) => {
                  setPictures((before) => (before[entry.channel] === at ? before : { ...before, [entry.channel]: at }));
                }}
                onRunOut={askAgain}
              />
            ))}
          </div>
        )}
      </Loaded>
      {props.chats === undefined ? null : <div className="on-air">{props.chats}</div>}
      {props.queue}
    </>
  );
}
