// `npm run efir -- …`, the operators' command line (cli/efir.ts runs it): it talks to the running
// site when there is one (the embedded database admits one process), and otherwise opens the
// database itself and does the work in this process. Everything it reads and writes goes through
// `EfirIo`, so the tests run it in their own process as well as the real command.
import {
  type AdminClient,
  ApiError,
  createAdminClient,
  type IngestJob,
  type IngestRequest,
  defaultSubtitleLanguage,
  ingestRequestSchema,
  type StudioUser,
} from '@efir/contract';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { dataDirHolder } from '../db/data-dir-lock.ts';
import { HttpError } from '../lib/http-error.ts';
import { keepDataPrivate } from '../lib/private-data.ts';
import { IngestWorker } from '../jobs/ingest-worker.ts';
import { localUrl } from '../lib/address.ts';
import { readAdminToken } from '../lib/admin-token.ts';
import { locateMediaTools } from '../media/ffmpeg.ts';
import { PreparedMedia } from '../media/prepared-media.ts';
import { enqueueIngest, findIngest, listIngests, retryIngest } from '../repositories/ingest-jobs.ts';
import { toJobView } from '../routes/admin.ts';
import {
  type AccountChange,
  describeUser,
  localAccounts,
  passwordFromStdin,
  siteAccounts,
  type UserAction,
  userAction,
} from './account-commands.ts';
import { type ChannelAction, channelAction, describeChannel, localChannels, siteChannels } from './channel-commands.ts';
import { type BackupAction, backupAction, type BackupPlace, restoreFrom, takeBackup } from './backup-commands.ts';
import { UsageError } from './usage.ts';

const usage = `usage:
  npm run efir -- ingest video <file> --name "…" --category <id> [--description "…"] [--draft 0|1|2]
                    [--subtitles <file.vtt|file.srt>]… [--no-wait]
      --subtitles file: Russian; --subtitles en:English:file for another language and its label
  npm run efir -- ingest radio <file> --name "…" --author "…" --category <id> [--cover <image>] [--song] [--no-wait]
  npm run efir -- jobs
  npm run efir -- jobs retry <id>
  npm run efir -- user add <login> --role admin|editor|moderator [--password-stdin]
  npm run efir -- user passwd <login> [--password-stdin]
  npm run efir -- user role <login> admin|editor|moderator
  npm run efir -- user disable <login>
  npm run efir -- user enable <login>
  npm run efir -- user list
  npm run efir -- channel add <slug> --name "…" --kind video|audio
  npm run efir -- channel list
  npm run efir -- backup <file.tar> [--media copy|reference]
  npm run efir -- restore <file.tar>      into a new DATA_DIR or an empty PostgreSQL database, no site running
Without --password-stdin a password is made and printed once.`;

/** What the command reads and writes: the process's environment and streams, or a test's. */
export interface EfirIo {
  env: Record<string, string | undefined>;
  /** Standard input, read whole (only when a password is given on it). */
  readStdin(): string;
  /** A line for standard output. */
  print(line: string): void;
  /** A line for standard error. */
  complain(line: string): void;
}

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

/** The running site's operators' calls, or undefined when no site answers there. */
async function runningSite(base: string, token: string): Promise<AdminClient | undefined> {
  const admin = createAdminClient({ baseUrl: base, token });
  try {
    await admin('ingestJobs');
  } catch (error) {
    // No site answers there: the work is done here. A site that answers and refuses says why.
    if (error instanceof ApiError) throw error;
    return undefined;
  }
  return admin;
}

function siteQueue(admin: AdminClient): Queue {
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

function localQueue(config: ReturnType<typeof loadConfig>, database: Database, io: EfirIo): Queue {
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
          prepared: new PreparedMedia(config.preparedMediaDir, tools.version),
          maxBytes: config.ingestMaxBytes,
          maxSeconds: config.ingestMaxSeconds,
        },
        {
          onDone: () => Promise.resolve(),
          onError: (error) => {
            io.complain(`efir: ${error instanceof Error ? error.message : String(error)}`);
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

async function follow(queue: Queue, id: number, shown: string, io: EfirIo): Promise<IngestJob> {
  let last = shown;
  let final: IngestJob | undefined;
  const isOver = async (): Promise<boolean> => {
    const job = await queue.get(id);
    if (job === undefined) throw new Error(`job ${id} vanished`);
    const line = describe(job);
    if (line !== last) io.print(line);
    last = line;
    if (job.state === 'done' || job.state === 'failed') final = job;
    return final !== undefined;
  };
  if (!(await isOver())) await queue.work(isOver);
  if (final === undefined) throw new Error(`job ${id} did not end`);
  return final;
}

/** `--subtitles file` (a Russian track) or `--subtitles en:English:file`: a track on the server's disk. */
function subtitleTrackArg(arg: string): { file: string; language: string; label: string } {
  const named = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*):([^:]+):(.+)$/u.exec(arg);
  const [language, label, file] =
    named === null
      ? [defaultSubtitleLanguage.language, defaultSubtitleLanguage.label, arg]
      : [named[1] ?? '', named[2] ?? '', named[3] ?? ''];
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Error(`${file}: no such file`);
  return { file: path, language, label };
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
      subtitles: { type: 'string', multiple: true },
      'no-wait': { type: 'boolean' },
    },
  });
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) throw new UsageError('give exactly one source file');
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new Error(`${file}: no such file`);
  const cover = values.cover === undefined ? undefined : resolve(values.cover);
  if (cover !== undefined && !existsSync(cover)) throw new Error(`${values.cover ?? ''}: no such file`);
  if (kind === 'radio' && values.subtitles !== undefined) throw new UsageError('--subtitles: a radio has no picture');
  const subtitles = values.subtitles?.map(subtitleTrackArg);
  const source = {
    file: path,
    name: values.name,
    categoryId: Number(values.category),
    ...(values.description === undefined ? {} : { description: values.description }),
    ...(values.draft === undefined ? {} : { draft: Number(values.draft) }),
    ...(subtitles === undefined ? {} : { subtitles }),
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
  | { kind: 'ingest'; request: IngestRequest; wait: boolean }
  | ChannelAction
  | { kind: 'list' }
  | { kind: 'retry'; id: number }
  | BackupAction
  | UserAction;

/** What the command line asks for, checked before any database is opened. */
function actionOf(argv: string[]): Action {
  const [command, sub, ...rest] = argv;
  if (command === 'ingest') return { kind: 'ingest', ...ingestRequest(sub, rest) };
  if (command === 'channel') return channelAction(sub, rest);
  if (command === 'jobs' && sub === undefined) return { kind: 'list' };
  if (command === 'user') return userAction(sub, rest);
  if (command === 'backup' || command === 'restore') return backupAction(command, argv.slice(1));
  const id = Number(rest[0]);
  if (command === 'jobs' && sub === 'retry' && rest.length === 1 && Number.isInteger(id) && id > 0) {
    return { kind: 'retry', id };
  }
  throw new UsageError(`unknown command: ${argv.join(' ')}`);
}

async function run(argv: string[], io: EfirIo): Promise<number> {
  const action = actionOf(argv);
  const config = loadConfig(io.env);
  const password = 'passwordStdin' in action && action.passwordStdin ? passwordFromStdin(io) : undefined;
  const token = readAdminToken(config.dataDir);
  // The site that holds DATA_DIR says where its operators' calls answer; else the one on this
  // machine's ADMIN_LISTEN or PORT.
  const holder = config.databaseUrl === undefined ? await dataDirHolder(config.dataDir) : undefined;
  const base =
    holder?.admin ??
    holder?.site ??
    (config.adminListen === undefined
      ? localUrl('127.0.0.1', config.port)
      : localUrl(config.adminListen.host, config.adminListen.port));
  const remote = token === undefined ? undefined : await runningSite(base, token);
  if (action.kind === 'backup' || action.kind === 'restore') {
    const place: BackupPlace = {
      ...(remote === undefined || token === undefined ? {} : { site: { base, token } }),
      open: () => {
        keepDataPrivate(config.dataDir);
        return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      },
      mediaDir: resolve(config.dataDir, 'media'),
      print: (line) => {
        io.print(line);
      },
    };
    await (action.kind === 'backup' ? takeBackup(action, place) : restoreFrom(action, place));
    return 0;
  }
  let database: Database | undefined;
  if (remote === undefined) {
    keepDataPrivate(config.dataDir);
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  }
  const queue = remote === undefined ? localQueue(config, database as Database, io) : siteQueue(remote);
  const accounts = remote === undefined ? localAccounts(database as Database) : siteAccounts(remote);
  const channels = remote === undefined ? localChannels(database as Database) : siteChannels(remote);
  /** A password made for the account is printed once, here, and kept nowhere. */
  const shown = (outcome: { user: StudioUser; password?: string }): number => {
    io.print(describeUser(outcome.user));
    if (outcome.password !== undefined) io.print(`password: ${outcome.password}`);
    return 0;
  };
  try {
    switch (action.kind) {
      case 'ingest': {
        const job = await queue.submit(action.request);
        io.print(`${describe(job)}${remote === undefined ? '' : ' (queued on the running site)'}`);
        if (!action.wait) return 0;
        return (await follow(queue, job.id, describe(job), io)).state === 'done' ? 0 : 1;
      }
      case 'list':
        for (const job of await queue.list()) io.print(describe(job));
        return 0;
      case 'retry': {
        const job = await queue.retry(action.id);
        if (job === undefined) throw new Error(`no job ${action.id}`);
        io.print(describe(job));
        return (await follow(queue, job.id, describe(job), io)).state === 'done' ? 0 : 1;
      }
      case 'user-list':
        for (const user of await accounts.list()) io.print(describeUser(user));
        return 0;
      case 'channel-list':
        for (const channel of await channels.list()) io.print(describeChannel(channel));
        return 0;
      case 'channel-add':
        io.print(
          `${describeChannel(await channels.add(action.channel))}${remote === undefined ? ' (aired from the next start)' : ' (on the air)'}`,
        );
        return 0;
      case 'user-add':
        return shown(await accounts.add(action.login, action.role, password));
      case 'user-change': {
        const change: AccountChange = { ...action.change };
        // passwd without a password given: one is made.
        if (argv[1] === 'passwd') change.password = password ?? true;
        return shown(await accounts.change(action.login, change));
      }
    }
  } catch (error) {
    // The site's refusal says why in its own words.
    if (error instanceof ApiError && error.detail !== undefined) throw new Error(error.detail, { cause: error });
    if (error instanceof HttpError) throw new Error(error.message, { cause: error });
    throw error;
  } finally {
    await queue.close();
  }
}

/** Runs one command line; answers its exit code: 0 done, 1 failed (the message names the file and
 * the reason), 2 a wrong call (with the usage). */
export async function runEfir(argv: string[], io: EfirIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.complain(`efir: ${error.message}\n${usage}`);
      return 2;
    }
    io.complain(`efir: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
