// The audience over the cluster: each node samples its own players on the clock's multiples of the
// sample length and writes them (minute buckets, its players now); the figure now is this node's
// own count this instant plus the other nodes' last samples; a report adds the nodes' buckets.
import { type AudienceReport, audienceLimits, audienceStep, type ChannelAudience } from '@efir/contract';
import type { Db } from '../db/database.ts';
import type { LiveChannels } from '../live/live-channels.ts';
import type { AudienceCounter } from '../metrics/audience.ts';
import {
  audienceSeries,
  otherNodesAudience,
  recordAudienceSample,
  type StepValue,
  type StreamPlayers,
} from '../repositories/audience.ts';

export interface AudienceOptions {
  db: Db;
  /** This node's players, counted from its playlist answers. */
  counter: AudienceCounter;
  /** This node's name among the samples: stable over its restarts. */
  node: string;
  clock: () => number;
  /** The channels a report names, in their order. */
  live: Pick<LiveChannels, 'list'>;
}

const sampleMs = audienceLimits.sampleSeconds * 1000;
const dayMs = 86_400_000;

export interface SampleLog {
  failed: (error: unknown) => void;
  back: (outageMs: number) => void;
}

export interface Audience {
  /** Samples on the clock's multiples of the sample length until stopped; a run of failed
   * writes (the database away) is told once at its start and once at its end. */
  start(log: SampleLog): void;
  stop(): void;
  /** Writes this node's players at `at`. */
  sample(at: number): Promise<void>;
  /** Each channel's players on every node now, by slug. */
  now(): Promise<Map<string, ChannelAudience>>;
  report(from: number, to: number): Promise<AudienceReport>;
}

/** This node's counts as the database keeps them. */
function ownPlayers(counter: AudienceCounter, at: number): StreamPlayers[] {
  return counter.counts(at).map(({ stream: { channel, shiftMinutes, rung }, players }) => ({
    channel,
    shiftMinutes,
    rung,
    players,
  }));
}

/** The streams of every node, added up by channel, the most followed stream first. */
export function byChannel(streams: readonly StreamPlayers[]): Map<string, ChannelAudience> {
  const channels = new Map<string, ChannelAudience>();
  for (const { channel, shiftMinutes, rung, players } of streams) {
    if (players === 0) continue;
    let audience = channels.get(channel);
    if (audience === undefined) {
      audience = { players: 0, streams: [] };
      channels.set(channel, audience);
    }
    audience.players += players;
    const same = audience.streams.find((entry) => entry.shiftMinutes === shiftMinutes && entry.rung === rung);
    if (same === undefined) audience.streams.push({ shiftMinutes, rung, players });
    else same.players += players;
  }
  for (const audience of channels.values()) {
    audience.streams.sort(
      (a, b) => b.players - a.players || a.shiftMinutes - b.shiftMinutes || a.rung.localeCompare(b.rung),
    );
  }
  return channels;
}

export const noAudience: ChannelAudience = { players: 0, streams: [] };

/** One value per step start, 0 where nothing was counted. */
const filled = (times: readonly number[], values: readonly StepValue[]): number[] => {
  const byTime = new Map(values.map(({ at, value }) => [at, value]));
  return times.map((at) => byTime.get(at) ?? 0);
};

export function createAudience(options: AudienceOptions): Audience {
  const { db, counter, node, clock } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const sample = (at: number): Promise<void> => recordAudienceSample(db, node, at, ownPlayers(counter, at));
  const now = async (): Promise<Map<string, ChannelAudience>> => {
    const at = clock();
    return byChannel([...ownPlayers(counter, at), ...(await otherNodesAudience(db, node, at))]);
  };
  return {
    start(log) {
      stopped = false;
      let failingSince: number | undefined;
      const take = (at: number): void => {
        sample(at).then(
          () => {
            if (failingSince !== undefined) log.back(at - failingSince);
            failingSince = undefined;
          },
          (error: unknown) => {
            if (failingSince === undefined) log.failed(error);
            failingSince ??= at;
          },
        );
      };
      const next = (): void => {
        if (stopped) return;
        // On the multiples, so that every node samples the same instants.
        timer = setTimeout(
          () => {
            take(Math.round(Date.now() / sampleMs) * sampleMs);
            next();
          },
          sampleMs - (Date.now() % sampleMs),
        );
        timer.unref();
      };
      next();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    sample,
    now,
    async report(from, to) {
      const at = clock();
      const stepSeconds = audienceStep(from, to, at - audienceLimits.minuteDays * dayMs);
      const stepMs = stepSeconds * 1000;
      const first = Math.floor(from / stepMs) * stepMs;
      const end = Math.ceil(to / stepMs) * stepMs;
      const times: number[] = [];
      for (let time = first; time < end; time += stepMs) times.push(time);
      const [series, current] = await Promise.all([audienceSeries(db, first, end, stepSeconds), now()]);
      // The step under way is averaged over its samples so far, not its whole length.
      const covered = (time: number): number =>
        at >= time && at < time + stepMs
          ? Math.min(stepSeconds, (Math.floor((at - time) / sampleMs) + 1) * audienceLimits.sampleSeconds)
          : stepSeconds;
      const channels = options.live.list().map(({ ref, name }) => ({ slug: ref.slug, name, kind: ref.kind }));
      return {
        from: first,
        to: end,
        stepSeconds,
        times,
        now: channels.map(({ slug, name, kind }) => ({
          channel: slug,
          name,
          kind,
          ...(current.get(slug) ?? noAudience),
        })),
        channels: channels.map(({ slug }) => {
          const kept = series.channels.get(slug);
          const watched = filled(times, kept?.watched ?? []);
          return {
            channel: slug,
            average: times.map((time, index) => (watched[index] ?? 0) / covered(time)),
            peak: filled(times, kept?.peak ?? []),
          };
        }),
        activity: {
          views: filled(times, series.views),
          plays: filled(times, series.plays),
          chatPosts: filled(times, series.chatPosts),
          searches: filled(times, series.searches),
        },
        searches: series.popularSearches,
      };
    },
  };
}
