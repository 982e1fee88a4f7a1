// Search at catalogue scale: a site on a database of its own on this machine's PostgreSQL (the
// demo written in first), then videos and radios more, written straight into it with names and
// descriptions drawn from a Russian vocabulary of real size (Debian's hunspell-ru dictionary, some
// 146,000 words; their Latin-script copies as the site makes them). SEARCH_ITEMS is how many of
// each (50,000), or `memory`: as many as a catalogue a node keeps in memory holds, so the search is
// answered from each node's index, not the database. Each query is asked once (a distinct URL: no
// answer cache), one at a time: a word and a pair of words from an item, in Cyrillic and in the
// Latin script with a typo, for videos and for radios. SEARCH_DATABASE=pglite runs the same on the
// embedded database: the site makes its data directory and the demo, stops, the items are written
// into it, and the site starts again on it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl, catalogueItemsInMemory, toLatin } from '@efir/contract';
import pg from 'pg';
import { openPglite } from '../apps/server/src/db/database.ts';
import {
  cpuModel,
  fixed,
  loadAverages,
  log,
  nproc,
  type SiteOptions,
  startSite,
  stopChild,
  stopChildren,
  writeResult,
} from './support.ts';

const inMemory = process.env.SEARCH_ITEMS === 'memory';
const perKindAsked = inMemory ? catalogueItemsInMemory : Number(process.env.SEARCH_ITEMS ?? 50_000);
const dictionary = '/usr/share/hunspell/ru_RU.dic';
const queriesPerSet = 100;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const onPglite = process.env.SEARCH_DATABASE === 'pglite';

/** What both databases answer to a statement with parameters. */
interface Writer {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  end(): Promise<void>;
}

/** The embedded database's own client, beside the site's: the site must not be running. */
async function pgliteWriter(dataDir: string): Promise<Writer> {
  const database = await openPglite(dataDir);
  const client = (database.db as unknown as { $client: Pick<Writer, 'query'> }).$client;
  return { query: (text, params) => client.query(text, params), end: () => database.close() };
}

/** A small random generator with a seed (mulberry32), so two runs search the same catalogue. Its
 * arithmetic stays in 32 bits: a linear congruential step in floating point loses its low bits
 * past 2^53 and falls into a short cycle (which had drawn every item from a few thousand words). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The dictionary's words (its stems, before the affix flags), lower case, of three letters or more. */
function words(): string[] {
  if (!existsSync(dictionary)) {
    if (process.getuid?.() !== 0) throw new Error(`${dictionary} is missing: apt-get install hunspell-ru`);
    log('apt-get install hunspell-ru (the vocabulary)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['install', '-y', '-qq', 'hunspell-ru'], { stdio: 'inherit', env });
  }
  const lines = readFileSync(dictionary, 'utf8').split('\n').slice(1);
  const stems = lines.map((line) => (line.split('/')[0] ?? '').trim().toLowerCase());
  return [...new Set(stems.filter((stem) => /^[а-яё]{3,}$/u.test(stem)))];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** What is written of each kind: a name of 3–5 (videos) or 2–4 (radios) words, and a description
 * or an author, the other column searched. */
const kinds = [
  { table: 'video', text: 'description', nameWords: 3, textWords: 12 },
  { table: 'radio', text: 'author', nameWords: 2, textWords: 2 },
] as const;

/** A Latin-script query with one letter dropped, as a hurried visitor types it. */
function withTypo(text: string, random: () => number): string {
  const latin = toLatin(text);
  const at = 1 + Math.floor(random() * (latin.length - 2));
  return latin.slice(0, at) + latin.slice(at + 1);
}

export async function runSearchBenchmark(): Promise<void> {
  const name = `efir_bench_search_${String(process.pid)}`;
  const admin = onPglite ? undefined : new pg.Client({ connectionString: adminUrl });
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  if (admin !== undefined) {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-bench-search-'));
  const siteOptions: SiteOptions = {
    demoMedia: 'off',
    env: () => ({ DATABASE_URL: onPglite ? undefined : databaseUrl.toString() }),
    ready: { path: '/health/ready', timeoutMs: 120_000 },
  };
  let db: Writer | undefined;
  try {
    let site = await startSite(dataDir, siteOptions);
    if (onPglite) {
      await stopChild(site.child);
      db = await pgliteWriter(dataDir);
    } else {
      const client = new pg.Client({ connectionString: databaseUrl.toString() });
      await client.connect();
      db = client;
    }
    const vocabulary = words();
    const random = seeded(42);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const phrase = (count: number): string => Array.from({ length: count }, () => pick(vocabulary)).join(' ');
    /** Each kind's written items, as the words of their name and text, for the queries. */
    const written: Record<(typeof kinds)[number]['table'], string[][]> = { video: [], radio: [] };
    const count = async (table: string): Promise<number> =>
      Number((((await db?.query(`select count(*) as n from ${table}`))?.rows[0] ?? {}) as { n?: string }).n ?? 0);
    const adding = Object.fromEntries(
      await Promise.all(
        kinds.map(async (kind) => [kind.table, inMemory ? perKindAsked - (await count(kind.table)) : perKindAsked]),
      ),
    ) as Record<(typeof kinds)[number]['table'], number>;
    log(
      `writing ${String(adding.video)} videos and ${String(adding.radio)} radios (a vocabulary of ${String(vocabulary.length)} words)`,
    );
    const started = Date.now();
    for (const kind of kinds) {
      for (let done = 0; done < adding[kind.table]; done += 1000) {
        const items = Array.from({ length: Math.min(1000, adding[kind.table] - done) }, () => {
          const title = phrase(kind.nameWords + Math.floor(random() * 3));
          const text = phrase(kind.textWords);
          written[kind.table].push(`${title} ${text}`.split(' '));
          return [title, text, toLatin(`${title} ${text}`).toLowerCase()];
        });
        await db.query(
          `insert into ${kind.table} (name, ${kind.text}, category_id, media_ready_at, search_latin)
         select n, x, (select min(id) from ${kind.table}_category), now(), l from unnest($1::text[], $2::text[], $3::text[]) as t(n, x, l)`,
          [items.map((item) => item[0]), items.map((item) => item[1]), items.map((item) => item[2])],
        );
      }
    }
    await db.query('analyze video');
    await db.query('analyze radio');
    const writtenSeconds = (Date.now() - started) / 1000;
    const counted = await db.query(
      'select (select count(*) from video) as videos, (select count(*) from radio) as radios',
    );
    const counts = counted.rows[0] as { videos: string; radios: string } | undefined;
    if (onPglite) {
      await db.end();
      db = undefined;
      site = await startSite(dataDir, siteOptions);
    }
    const loadBefore = loadavg();
    // What a visitor looks for: a word, or two, of something in the catalogue.
    const sets = [
      { label: 'one word', make: (words: string[]) => pick(words) },
      { label: 'two words', make: (words: string[]) => `${pick(words)} ${pick(words)}` },
      { label: 'one word, Latin script, a letter dropped', make: (words: string[]) => withTypo(pick(words), random) },
      {
        label: 'two words, Latin script, a letter dropped',
        make: (words: string[]) => withTypo(`${pick(words)} ${pick(words)}`, random),
      },
    ];
    const rows: string[] = [];
    for (const call of ['searchVideos', 'searchRadios'] as const) {
      for (const set of sets) {
        const times: number[] = [];
        const asked = new Set<string>();
        let found = 0;
        while (asked.size < queriesPerSet) {
          const q = set.make(pick(written[call === 'searchVideos' ? 'video' : 'radio']));
          if (asked.has(q)) continue;
          asked.add(q);
          const at = performance.now();
          const answer = await fetch(`${site.url}${apiUrl(call, { params: { q } })}`);
          const results = (await answer.json()) as unknown[];
          times.push(performance.now() - at);
          if (answer.status !== 200) throw new Error(`search answered ${String(answer.status)}`);
          if (results.length > 0) found += 1;
        }
        times.sort((a, b) => a - b);
        rows.push(
          `| ${call === 'searchVideos' ? 'videos' : 'radios'} | ${set.label} | ${fixed(percentile(times, 50), 1)} | ${fixed(percentile(times, 95), 1)} | ${fixed(times.at(-1) ?? 0, 1)} | ${String(found)} of ${String(queriesPerSet)} |`,
        );
        log(rows.at(-1) ?? '');
      }
    }
    const markdown = `# Search at catalogue scale, ${new Date().toISOString().slice(0, 10)}

- Node ${process.version}, \`nproc\` ${nproc()}, ${cpuModel()}
- Load average before the queries (1, 5, 15 min): ${loadAverages(loadBefore)}
- ${onPglite ? 'PGlite, the embedded database, in the site process' : 'PostgreSQL on this machine'}; ${counts?.videos ?? '?'} videos and ${counts?.radios ?? '?'} radios
  (the demo and ${String(adding.video)} videos and ${String(adding.radio)} radios more, named and described from
  ${String(vocabulary.length)} words of hunspell-ru; written in ${fixed(writtenSeconds, 0)} s)${inMemory ? `, at most ${String(catalogueItemsInMemory)} a catalogue: searched from each node's memory` : ''}
- Each query asked once, one at a time, time to the whole answer

| Searched | Query | p50 (ms) | p95 (ms) | max (ms) | Found something |
| --- | --- | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
    const suffix = `${inMemory ? '-memory' : ''}${onPglite ? '-pglite' : ''}`;
    await writeResult(`search-${new Date().toISOString().slice(0, 10)}${suffix}.md`, markdown);
  } finally {
    await db?.end().catch(() => undefined);
    await stopChildren();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin !== undefined) {
      // SEARCH_KEEP_DATABASE=1 leaves it, to look at the plans (EXPLAIN) afterwards.
      if (process.env.SEARCH_KEEP_DATABASE === '1') log(`kept the database ${name}`);
      else await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await runSearchBenchmark();
