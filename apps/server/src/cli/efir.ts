// `npm run efir -- …`: the operators' command line. It talks to the running site when there is
// one (the embedded database admits one process), and otherwise opens the database itself and
// does the work in this process.
import { ApiError, createAdminClient, type IngestJob, type IngestRequest, ingestRequestSchema } from '@efir/contract';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { keepDataPrivate } from '../lib/private-data.ts';
import { IngestWorker } from '../jobs/ingest-worker.ts';
import { readAdminToken } from '../lib/admin-token.ts';
import { locateMediaTools } from '../media/ffmpeg.ts';
import { enqueueIngest, findIngest, listIngests, retryIngest } from '../repositories/ingest-jobs.ts';
import { toJobView } from '../routes/admin.ts';

const usage = `usage:
  npm run efir -- ingest video <file> --name "…" --category <id> [--description "…"] [--draft 0|1|2] [--no-wait]
  npm run efir -- ingest radio <file> --name "…" --author "…" --category <id> [--cover <image>] [--song] [--no-wait]
  npm run efir -- jobs
  npm run efir -- jobs retry <id>`;

class UsageError extends Error {}

/** The jobs, wherever they are: the running site's admin calls, or the database opened here. */
interface Queue {
  submit(request: IngestRequest): Promise<IngestJob>;
  get(id: number): Promise<IngestJob | undefined>;
  list(): Promise<IngestJob[]>;
  retry(id: number): Promise<IngestJob | undefined>;
  /** Runs queued work here until `done` says so (a no-op when the site does the work). */
  work(done: () => Promise<boolean>): Promise<void>;
  close(): Promise<void>;
}

async function siteQueue(base: string, token: string): Promise<Queue | undefined> {
  const admin = createAdminClient({ baseUrl: base, token });
  try {
    await admin('ingestJobs');
  } catch (error) {
    // No site answers there: the work is done here. A site that answers and refuses says why.
    if (error instanceof ApiError) throw error;
    return undefined;
  }
  return {
    submit: (request) => admin('ingestSubmit', { body: request }),
    get: (id) => admin('ingestJob', { params: { id } }),
    list: () => admin('ingestJobs'),
    retry: (id) => admin('ingestRetry', { params: { id } }),
    work: async (done) => {
      while (!(await done())) await new Promise((r) => setTimeout(r, 1000));
    },
    close: () => Promise.resolve(),
  };
}

async function localQueue(config: ReturnType<typeof loadConfig>): Promise<Queue> {
  keepDataPrivate(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const db = database.db;
  return {
    submit: async (request) => toJobView(await enqueueIngest(db, request.kind, request.source)),
    get: async (id) => {
      const job = await findIngest(db, id);
      return job === undefined ? undefined : toJobView(job);
    },
    list: async () => (await listIngests(db)).map(toJobView),
    retry: async (id) => {
      if (!(await retryIngest(db, id))) throw new Error(`job ${id} is not a failed job`);
      const job = await findIngest(db, id);
      return job === undefined ? undefined : toJobView(job);
    },
    work: async (done) => {
      const tools = await locateMediaTools(config);
      const worker = new IngestWorker(
        {
          db,
          tools,
          mediaDir: resolve(config.dataDir, 'media'),
          maxBytes: config.ingestMaxBytes,
          maxSeconds: config.ingestMaxSeconds,
        },
        {
          onDone: () => Promise.resolve(),
          onError: (error) => {
            console.error(`efir: ${error instanceof Error ? error.message : String(error)}`);
          },
        },
      );
      await worker.drain(() => done());
    },
    close: () => database.close(),
  };
}

function describe(job: IngestJob): string {
  const result = job.resultId === null ? '' : ` → ${job.kind} ${job.resultId}`;
  const error = job.error === null ? '' : `: ${job.error}`;
  return `job ${job.id} ${job.kind} «${job.name}» ${job.state} ${Math.round(job.progress * 100)} %${result}${error}`;
}

async function follow(queue: Queue, id: number, shown: string): Promise<IngestJob> {
  let last = shown;
  let final: IngestJob | undefined;
  const isOver = async (): Promise<boolean> => {
    const job = await queue.get(id);
    if (job === undefined) throw new Error(`job ${id} vanished`);
    const line = describe(job);
    if (line !== last) console.log(line);
    last = line;
    if (job.state === 'done' || job.state === 'failed') final = job;
    return final !== undefined;
  };
  if (!(await isOver())) await queue.work(isOver);
  if (final === undefined) throw new Error(`job ${id} did not end`);
  return final;
}

function ingestRequest(kind: string | undefined, args: string[]): { request: IngestRequest; wait: boolean } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      category: { type: 'string' },
      description: { type: 'string' },
      draft: { type: 'string' },
      author: { type: 'string' },
      cover: { type: 'string' },
      song: { type: 'boolean' },
      'no-wait': { type: 'boolean' },
    },
  });
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) throw new UsageError('give exactly one source file');
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Error(`${file}: no such file`);
  const cover = values.cover === undefined ? undefined : resolve(values.cover);
  if (cover !== undefined && !existsSync(cover)) throw new Error(`${values.cover ?? ''}: no such file`);
  const source = {
    file: path,
    name: values.name,
    categoryId: Number(values.category),
    ...(values.description === undefined ? {} : { description: values.description }),
    ...(values.draft === undefined ? {} : { draft: Number(values.draft) }),
    ...(kind === 'radio'
      ? {
          author: values.author,
          ...(cover === undefined ? {} : { preview: cover }),
          ...(values.song === true ? { kind: 2 } : {}),
        }
      : {}),
  };
  const parsed = ingestRequestSchema.safeParse({ kind, source });
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues.map((issue) => `--${String(issue.path.at(-1) ?? 'kind')}: ${issue.message}`).join('; '),
    );
  }
  return { request: parsed.data, wait: values['no-wait'] !== true };
}

type Action =
  { kind: 'ingest'; request: IngestRequest; wait: boolean } | { kind: 'list' } | { kind: 'retry'; id: number };

/** What the command line asks for, checked before any database is opened. */
function actionOf(argv: string[]): Action {
  const [command, sub, ...rest] = argv;
  if (command === 'ingest') return { kind: 'ingest', ...ingestRequest(sub, rest) };
  if (command === 'jobs' && sub === undefined) return { kind: 'list' };
  const id = Number(rest[0]);
  if (command === 'jobs' && sub === 'retry' && rest.length === 1 && Number.isInteger(id) && id > 0) {
    return { kind: 'retry', id };
  }
  throw new UsageError(`unknown command: ${argv.join(' ')}`);
}

async function main(argv: string[]): Promise<number> {
  const action = actionOf(argv);
  const config = loadConfig(process.env);
  const token = readAdminToken(config.dataDir);
  const remote = token === undefined ? undefined : await siteQueue(`http://127.0.0.1:${config.port}`, token);
  const queue = remote ?? (await localQueue(config));
  try {
    switch (action.kind) {
      case 'ingest': {
        const job = await queue.submit(action.request);
        console.log(`${describe(job)}${remote === undefined ? '' : ' (queued on the running site)'}`);
        if (!action.wait) return 0;
        return (await follow(queue, job.id, describe(job))).state === 'done' ? 0 : 1;
      }
      case 'list':
        for (const job of await queue.list()) console.log(describe(job));
        return 0;
      case 'retry': {
        const job = await queue.retry(action.id);
        if (job === undefined) throw new Error(`no job ${action.id}`);
        console.log(describe(job));
        return (await follow(queue, job.id, describe(job))).state === 'done' ? 0 : 1;
      }
    }
  } finally {
    await queue.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`efir: ${error.message}\n${usage}`);
      process.exitCode = 2;
      return;
    }
    console.error(`efir: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
