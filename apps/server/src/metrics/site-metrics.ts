// What an operator's Prometheus reads of a node (`GET /api/admin/metrics`, the operators' reach and
// token): Node's own process metrics, every answer by route with its latency, the live playlists
// answered, the open event streams, the ingest queue and its jobs' times, whether the database
// answers (and PostgreSQL's pool), whether Redis does. Labels are bounded: a route is its
// registered pattern (never the path a client sent), a status its class.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolState } from '../db/database.ts';
import { AudienceCounter } from './audience.ts';

/** Where the gauges read their values when scraped; each is optional (a test builds apps alone). */
export interface MetricSources {
  eventStreams?: () => number;
  /** Jobs by state; throws while the database is away (then the gauge says nothing new). */
  ingestStates?: () => Promise<Map<string, number>>;
  /** Whether the database answers now. */
  databaseUp?: () => Promise<boolean>;
  /** PostgreSQL's pool now (PGlite has none). */
  databasePool?: () => PoolState;
  /** Whether Redis answers now, where the node has one. */
  redisUp?: () => boolean;
}

export interface SiteMetrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status'>;
  livePlaylists: Counter<'status'>;
  /** Ingest jobs ended, by kind and outcome, and how long their last attempt ran. */
  ingestJobs: Histogram<'kind' | 'outcome'>;
  /** The players of each live stream on this node (docs/OPERATIONS.md, «Audience»). */
  audience: AudienceCounter;
  /** Tells the gauges where to read (the parts are made after the metrics): each call adds to what
   * earlier ones said; a PostgreSQL pool's and Redis's gauges exist once told where to read. */
  read(sources: MetricSources): void;
}

const prefix = 'efir_';
/** A job's states (the queue's `state`), each always reported, 0 when none is in it. */
const ingestStates = ['queued', 'running', 'done', 'failed'] as const;

/** `now`: the clock the audience's window runs on (the node's; a test's own). */
export function createSiteMetrics(now: () => number = Date.now): SiteMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  // Gauges named like counters, which Prometheus's checker refuses; the same counts stay, by type,
  // in efir_nodejs_active_handles and efir_nodejs_active_requests.
  for (const name of ['active_handles_total', 'active_requests_total', 'active_resources_total']) {
    registry.removeSingleMetric(`${prefix}nodejs_${name}`);
  }
  let sources: MetricSources = {};
  const requests = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Answers of the site port by route pattern, method and status class, and how long each took.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const livePlaylists = new Counter({
    name: `${prefix}live_playlist_answers_total`,
    help: 'Live and rewind playlists the media port answered, by status class.',
    labelNames: ['status'],
    registers: [registry],
  });
  const ingestJobs = new Histogram({
    name: `${prefix}ingest_job_duration_seconds`,
    help: "Ingest jobs this node ended, by kind and outcome (done, failed), and how long each one's last attempt ran.",
    labelNames: ['kind', 'outcome'],
    buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });
  const audience = new AudienceCounter();
  new Gauge({
    name: `${prefix}audience`,
    help: "Players following each live stream's media playlist on this node: distinct address and user agent in the last 30 s.",
    labelNames: ['stream'],
    registers: [registry],
    collect() {
      for (const { stream, players } of audience.counts(now())) this.set({ stream: stream.path }, players);
    },
  });
  new Gauge({
    name: `${prefix}event_streams`,
    help: "Pages' event streams open on this node.",
    registers: [registry],
    collect() {
      if (sources.eventStreams !== undefined) this.set(sources.eventStreams());
    },
  });
  new Gauge({
    name: `${prefix}ingest_jobs`,
    help: 'Ingest jobs by state, in the shared queue.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      if (sources.ingestStates === undefined) return;
      try {
        const counts = await sources.ingestStates();
        for (const state of ingestStates) this.set({ state }, counts.get(state) ?? 0);
      } catch {
        // The database is away: efir_database_up says so; the last counts stand.
      }
    },
  });
  new Gauge({
    name: `${prefix}database_up`,
    help: 'Whether the database answered the scrape (1) or not (0).',
    registers: [registry],
    async collect() {
      if (sources.databaseUp !== undefined) this.set((await sources.databaseUp()) ? 1 : 0);
    },
  });
  /** A gauge without labels, set at each scrape to what `value` reads when it reads anything. */
  const unlabelled = (name: string, help: string, value: () => number | undefined): void => {
    new Gauge({
      name: `${prefix}${name}`,
      help,
      registers: [registry],
      collect() {
        const read = value();
        if (read !== undefined) this.set(read);
      },
    });
  };
  /** The gauges that only some nodes have, made once the node says where they read. */
  const optional = (given: MetricSources): void => {
    if (
      given.databasePool !== undefined &&
      registry.getSingleMetric(`${prefix}database_pool_connections`) === undefined
    ) {
      new Gauge({
        name: `${prefix}database_pool_connections`,
        help: "PostgreSQL connections of this node's pool, idle or busy (at most 10).",
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const pool = sources.databasePool?.();
          if (pool === undefined) return;
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'busy' }, pool.busy);
        },
      });
      unlabelled(
        'database_pool_waiting',
        'Calls of this node waiting for a PostgreSQL connection: the pool is too small or the database slow.',
        () => sources.databasePool?.().waiting,
      );
    }
    if (given.redisUp !== undefined && registry.getSingleMetric(`${prefix}redis_up`) === undefined) {
      unlabelled(
        'redis_up',
        'Whether Redis is connected (1) or away (0): while away, nodes notice changes from the database.',
        () => {
          const up = sources.redisUp?.();
          return up === undefined ? undefined : Number(up);
        },
      );
    }
  };
  return {
    registry,
    requests,
    livePlaylists,
    ingestJobs,
    audience,
    read(given) {
      sources = { ...sources, ...given };
      optional(given);
    },
  };
}

/** A status code's class, the label an answer is counted under: `2xx`, `4xx`. */
export const statusClass = (status: number): string => `${String(Math.floor(status / 100))}xx`;
