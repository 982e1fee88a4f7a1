// What an operator's Prometheus reads of a node (`GET /api/admin/metrics`, the operators' reach and
// token): Node's own process metrics, every answer by route with its latency, the live playlists
// answered, the open event streams, the ingest queue and whether the database answers. Labels are
// bounded: a route is its registered pattern (never the path a client sent), a status its class.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AudienceCounter } from './audience.ts';

/** Where the gauges read their values when scraped; each is optional (a test builds apps alone). */
export interface MetricSources {
  eventStreams?: () => number;
  /** Jobs by state; throws while the database is away (then the gauge says nothing new). */
  ingestStates?: () => Promise<Map<string, number>>;
  /** Whether the database answers now. */
  databaseUp?: () => Promise<boolean>;
}

export interface SiteMetrics {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status'>;
  livePlaylists: Counter<'status'>;
  /** The players of each live stream on this node (docs/OPERATIONS.md, «Audience»). */
  audience: AudienceCounter;
  /** Tells the gauges where to read (the parts are made after the metrics). */
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
  return {
    registry,
    requests,
    livePlaylists,
    audience,
    read(given) {
      sources = given;
    },
  };
}

/** A status code's class, the label an answer is counted under: `2xx`, `4xx`. */
export const statusClass = (status: number): string => `${String(Math.floor(status / 100))}xx`;
