// The node's Prometheus metrics as an operator reads them: behind the operators' token, in the text
// format Prometheus's own checker accepts, counting answers by route pattern (never a client's raw
// path), the live playlists, the event streams, the ingest queue and the database's state.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminMetricsPath, adminPrefix, apiUrl, emptySubtitleSegmentPath, tvStreamPath } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { inProcessBus } from '../src/bus/bus.ts';
import type { Database } from '../src/db/database.ts';
import { createLiveChannels } from '../src/live/live-channels.ts';
import { buildMediaApp } from '../src/media-app.ts';
import { createSiteMetrics } from '../src/metrics/site-metrics.ts';
import { testDatabase } from './database.ts';
import { freePorts } from './free-port.ts';
import { testTimeZone } from './postgres.ts';

const token = 'metrics-test-token';
const which = (tool: string): string =>
  spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
const promtool = which('promtool');
const prometheus = which('prometheus');

/** CI installs Debian's prometheus (scripts/bootstrap.mjs); elsewhere it may be missing. */
function needs(tool: string, skip: () => void): void {
  if (tool !== '') return;
  if (process.env.CI === 'true') throw new Error('Prometheus is missing: apt-get install prometheus');
  skip();
}

describe('the node’s metrics', () => {
  let database: Database;
  let app: FastifyInstance;
  let mediaApp: FastifyInstance;

  beforeAll(async () => {
    database = await testDatabase('pglite', 'seeded');
    const metrics = createSiteMetrics();
    const bus = inProcessBus();
    const live = createLiveChannels({ db: database.db, mediaDir: undefined, timeZone: testTimeZone });
    app = await buildApp({
      config: { timeZone: testTimeZone, logLevel: 'silent' },
      db: database.db,
      bus,
      live,
      logger: false,
      webDist: '/nonexistent',
      studioDist: '/nonexistent',
      admin: { token, onQueued: () => undefined },
      metrics,
    });
    app.addHook('onClose', () => bus.close());
    mediaApp = await buildMediaApp({ mediaDir: '/nonexistent', allowedOrigins: [], live, logger: false, metrics });
  });

  afterAll(async () => {
    await app.close();
    await mediaApp.close();
    await database.close();
  });

  const scrape = (authorization = `Bearer ${token}`) =>
    app.inject({ method: 'GET', url: `${adminPrefix}${adminMetricsPath}`, headers: { authorization } });

  it('are the operators’ only', async () => {
    expect((await scrape('Bearer wrong')).statusCode).toBe(401);
    const elsewhere = await app.inject({
      method: 'GET',
      url: `${adminPrefix}${adminMetricsPath}`,
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('count answers by route pattern and status class, and the live playlists', async () => {
    for (const id of [11, 12]) await app.inject({ method: 'GET', url: apiUrl('relatedVideos', { params: { id } }) });
    // A routed call refused (an id that is no number) is counted under its route.
    await app.inject({ method: 'GET', url: apiUrl('relatedVideos', { params: { id: 11 } }).replace('/11/', '/x/') });
    await app.inject({ method: 'GET', url: '/no/such/path/a1b2c3' });
    await mediaApp.inject({ method: 'GET', url: tvStreamPath(0, 720) });
    // The empty subtitle segment is served beside the playlists, and is not one.
    expect((await mediaApp.inject({ method: 'GET', url: emptySubtitleSegmentPath })).statusCode).toBe(200);
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/u);
    const text = answer.body;
    const route = apiUrl('relatedVideos', { params: { id: 0 } }).replace('/0/', '/:id/');
    expect(text).toContain(`efir_http_request_duration_seconds_count{method="GET",route="${route}",status="2xx"} 2`);
    expect(text).toContain(`efir_http_request_duration_seconds_count{method="GET",route="${route}",status="4xx"} 1`);
    expect(text).toContain('route="unrouted",status="4xx"');
    // No client's path becomes a label.
    expect(text).not.toContain('a1b2c3');
    // Off the air (no media here): the playlist's 404 is counted all the same.
    expect(text).toContain('efir_live_playlist_answers_total{status="4xx"} 1');
    expect(text).not.toContain('efir_live_playlist_answers_total{status="2xx"}');
    expect(text).toContain('efir_event_streams 0');
    expect(text).toContain('efir_database_up 1');
    // PGlite has no pool, the in-process bus no Redis: their gauges are not there to alarm anyone.
    expect(text).not.toContain('efir_database_pool');
    expect(text).not.toContain('efir_redis_up');
    expect(text).toMatch(/^efir_ingest_jobs\{state="[a-z]+"\} \d+$/mu);
    expect(text).toContain('efir_process_cpu_seconds_total');
    expect(text).toContain('efir_nodejs_eventloop_lag_seconds');
  });

  it('pass Prometheus’s own checker', async ({ skip }) => {
    needs(promtool, skip);
    const text = (await scrape()).body;
    const checked = execFileSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(checked).toBe('');
  });

  it('are scraped by a real Prometheus with the operators’ token', async ({ skip }) => {
    needs(prometheus, skip);
    const work = mkdtempSync(join(tmpdir(), 'efir-prometheus-'));
    const [prometheusPort] = await freePorts(1);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the site does not listen');
    writeFileSync(join(work, 'token'), token);
    writeFileSync(
      join(work, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, scrape_timeout: 1s }',
        'scrape_configs:',
        '  - job_name: efir',
        `    metrics_path: ${adminPrefix}${adminMetricsPath}`,
        `    authorization: { credentials_file: ${join(work, 'token')} }`,
        `    static_configs: [{ targets: ['127.0.0.1:${String(address.port)}'] }]`,
        '',
      ].join('\n'),
    );
    let server: ChildProcess | undefined;
    try {
      server = spawn(
        prometheus,
        [
          `--config.file=${join(work, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(work, 'data')}`,
          `--web.listen-address=127.0.0.1:${String(prometheusPort)}`,
        ],
        { stdio: 'ignore' },
      );
      // What Prometheus stored of a series, read back through its federation endpoint.
      const stored = async (series: string): Promise<string | undefined> => {
        const url = `http://127.0.0.1:${String(prometheusPort)}/federate?match[]=${encodeURIComponent(series)}`;
        const text = await fetch(url).then(
          (response) => response.text(),
          () => '',
        );
        const name = series.replace(/\{.*$/u, '');
        return text
          .split('\n')
          .find((line) => line.startsWith(`${name}{`))
          ?.split(' ')[1];
      };
      // The scrape succeeded (up is 1) and what it read is stored.
      await expect.poll(() => stored('up{job="efir"}'), { timeout: 20_000, interval: 250 }).toBe('1');
      await expect.poll(() => stored('efir_database_up'), { timeout: 5000, interval: 250 }).toBe('1');
    } finally {
      if (server !== undefined && server.exitCode === null) {
        const exited = new Promise((resolve) => server?.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
    }
  }, 40_000);
});
