// Takes ingest jobs from the queue one at a time (ffmpeg already uses every core), an operator's or
// an editor's before the demo's, and runs them. A refused source fails at once with its reason;
// any other failure is tried again, up to three attempts. Progress is written at most once a
// second (a new stage at once), which also keeps the job's heartbeat. An editor's upload is
// removed once its media are made, and the media it replaced are retired.
import { radioSourceSchema, subtitleFormats, subtitleLanguageSchema, videoSourceSchema } from '@efir/contract';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { rm } from 'node:fs/promises';
import { attachDemoRadio, attachDemoVideo } from '../media/demo-ingest.ts';
import { changeVideoSubtitles, ingestRadio, ingestRadioMedia, ingestVideo, ingestVideoMedia } from '../media/ingest.ts';
import { type IngestContext, IngestError, type IngestStage } from '../media/ingest-work.ts';
import { retireMedia } from '../media/media-files.ts';
import { demoPicturesArgs } from '../media/demo-media.ts';
import { PictureBatch } from '../media/picture-batch.ts';
import { FfmpegStopped, runFfmpeg } from '../media/run-ffmpeg.ts';
import { removeJobWorkFolders } from '../media/work-folders.ts';
import {
  claimDemoIngests,
  claimIngest,
  failIngest,
  finishIngest,
  type IngestJobRow,
  reportIngestProgress,
  requeueIngest,
} from '../repositories/ingest-jobs.ts';

const demoSourceSchema = z.object({ id: z.number().int().min(1) });
/** An editor's upload for an existing item: the file is the upload's, removed once used. */
const uploadSourceSchema = z.object({ file: z.string().min(1), itemId: z.number().int().min(1) });

/** An editor's change of a video's subtitles: a file of an upload attached, or a language removed. */
const subtitleChangeSchema = z.union([
  z.object({
    itemId: z.number().int().min(1),
    attach: z.object({
      file: z.string().min(1),
      format: z.enum(subtitleFormats),
      name: z.string(),
      language: subtitleLanguageSchema,
      label: z.string().min(1),
    }),
  }),
  z.object({ itemId: z.number().int().min(1), remove: subtitleLanguageSchema }),
]);

/** Makes an item's media from an upload, then retires what they replace and removes the upload. */
async function fromUpload(
  context: IngestContext,
  source: z.infer<typeof uploadSourceSchema>,
  make: typeof ingestVideoMedia,
  progress: (done: number, stage: IngestStage) => void,
): Promise<number> {
  const { retired } = await make(context, source, progress);
  await retireMedia(context.db, context.mediaDir, [retired]);
  await rm(source.file, { force: true });
  return source.itemId;
}

/** Runs a job's work; the id of the catalogue item it made or completed. */
async function perform(
  context: IngestContext,
  job: IngestJobRow,
  progress: (done: number, stage: IngestStage) => void,
): Promise<number> {
  switch (job.kind) {
    case 'video':
      return ingestVideo(context, videoSourceSchema.parse(job.source), progress);
    case 'radio':
      return ingestRadio(context, radioSourceSchema.parse(job.source), progress);
    case 'video-media':
      return fromUpload(context, uploadSourceSchema.parse(job.source), ingestVideoMedia, progress);
    case 'radio-media':
      return fromUpload(context, uploadSourceSchema.parse(job.source), ingestRadioMedia, progress);
    case 'video-subtitles': {
      const change = subtitleChangeSchema.parse(job.source);
      const { retired } = await changeVideoSubtitles(context, change, progress);
      await retireMedia(context.db, context.mediaDir, [retired]);
      if ('attach' in change) await rm(change.attach.file, { force: true });
      return change.itemId;
    }
    case 'demo-video': {
      const { id } = demoSourceSchema.parse(job.source);
      await attachDemoVideo(context, id, progress);
      return id;
    }
    case 'demo-radio': {
      const { id } = demoSourceSchema.parse(job.source);
      await attachDemoRadio(context, id, progress);
      return id;
    }
    default:
      throw new IngestError(`job ${job.id}: unknown kind ${job.kind}`);
  }
}

export interface WorkerEvents {
  /** A job made a catalogue item: what shows it must be refreshed. */
  onDone: (job: IngestJobRow, resultId: number) => Promise<void>;
  onError: (error: unknown, job: IngestJobRow | undefined) => void;
  /** The queue's database refused a claim: said once when claims begin to fail (`onError`, no
   * job), and this once when one succeeds again, with how long they failed. */
  onQueueBack?: (outageMs: number) => void;
  /** A job ended, made (`done`) or refused or failed (`failed`), its attempt having run `seconds`
   * on this node's clock; not one left for the next start. */
  onEnded?: (job: IngestJobRow, outcome: 'done' | 'failed', seconds: number) => void;
}

/** Runs one job to its end; never throws. */
export async function runIngestJob(context: IngestContext, job: IngestJobRow, events: WorkerEvents): Promise<void> {
  const began = performance.now();
  const ended = (outcome: 'done' | 'failed'): void =>
    events.onEnded?.(job, outcome, (performance.now() - began) / 1000);
  let lastReport = 0;
  let lastStage: IngestStage = 'probing';
  const progress = (done: number, stage: IngestStage): void => {
    const now = Date.now();
    if (now - lastReport < 1000 && done < 1 && stage === lastStage) return;
    lastReport = now;
    lastStage = stage;
    reportIngestProgress(context.db, job.id, done, stage).catch((error: unknown) => {
      events.onError(error, job);
    });
  };
  try {
    // A job taken again: what its earlier attempt left is of no use.
    await removeJobWorkFolders(context.mediaDir, job.id);
    const resultId = await perform({ ...context, job: { id: job.id, attempt: job.attempts } }, job, progress);
    await finishIngest(context.db, job.id, resultId);
    ended('done');
    await events.onDone(job, resultId);
  } catch (error) {
    if (error instanceof FfmpegStopped) {
      // The worker is stopping: the job starts again at the next start, on this node or another.
      await requeueIngest(context.db, job.id).catch((failure: unknown) => {
        events.onError(failure, job);
      });
      return;
    }
    const refused = error instanceof IngestError || error instanceof z.ZodError;
    const message = error instanceof Error ? error.message : String(error);
    // What the job says is for editors too; what ffmpeg or the system said is for the log.
    if (!refused) events.onError(error, job);
    else if (error.cause !== undefined) events.onError(error.cause, job);
    await failIngest(context.db, job, message, !refused).catch((failure: unknown) => {
      events.onError(failure, job);
    });
    ended('failed');
  }
}

/** Runs demo jobs taken together, their pictures made in shared ffmpeg runs; never throws. */
export async function runDemoJobs(
  context: IngestContext,
  jobs: readonly IngestJobRow[],
  events: WorkerEvents,
): Promise<void> {
  const pictures = new PictureBatch(
    (batch) =>
      runFfmpeg(context.tools, demoPicturesArgs(batch), 0, undefined, { signal: context.signal, background: true }),
    jobs.length,
  );
  await Promise.all(
    jobs.map((job) =>
      runIngestJob({ ...context, pictures }, job, events).finally(() => {
        pictures.leave();
      }),
    ),
  );
}

/** How many demo jobs a demo lane takes at once. */
export const demoBatchSize = 12;

export class IngestWorker {
  readonly #context: IngestContext;
  /** Stops the job under way when the worker stops, rather than waiting for a long encode. */
  readonly #stopping = new AbortController();
  readonly #events: WorkerEvents;
  readonly #idleMs: number;
  readonly #demoLanes: number;
  #running = false;
  #loops: Promise<void>[] = [];
  #wake: (() => void) | undefined;
  /** Since when claims are refused, while they are. */
  #claimsRefusedSince: number | undefined;

  /** `demoLanes`: lanes beside the main one that make the demo's media at start, until none is
   * left. Most of a demo item's job is waiting (a short ffmpeg, the database), not encoding, so a
   * fresh site is playable sooner with a few at once. */
  constructor(context: IngestContext, events: WorkerEvents, idleMs = 2000, demoLanes = 0) {
    this.#context = { ...context, signal: this.#stopping.signal };
    this.#events = events;
    this.#idleMs = idleMs;
    this.#demoLanes = demoLanes;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loops = [this.#run(), ...Array.from({ length: this.#demoLanes }, () => this.#runDemo())];
  }

  /** Looks at the queue now rather than at the next idle tick. */
  poke(): void {
    this.#wake?.();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping.abort();
    this.poke();
    await Promise.all(this.#loops);
  }

  /** Runs queued jobs until none is left (for the CLI working without a server). */
  async drain(until?: (db: Db) => Promise<boolean>): Promise<void> {
    for (;;) {
      const job = await claimIngest(this.#context.db);
      if (job === undefined) return;
      await runIngestJob(this.#context, job, this.#events);
      if (until !== undefined && (await until(this.#context.db))) return;
    }
  }

  async #runDemo(): Promise<void> {
    while (this.#running) {
      let jobs: IngestJobRow[] = [];
      try {
        jobs = await claimDemoIngests(this.#context.db, demoBatchSize);
      } catch (error) {
        this.#claimRefused(error);
      }
      if (jobs.length === 0) return;
      await runDemoJobs(this.#context, jobs, this.#events);
    }
  }

  async #run(): Promise<void> {
    while (this.#running) {
      let job: IngestJobRow | undefined;
      try {
        job = await claimIngest(this.#context.db);
        this.#claimsAnswered();
      } catch (error) {
        this.#claimRefused(error);
      }
      if (job !== undefined) {
        await runIngestJob(this.#context, job, this.#events);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#idleMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /** A claim the database refused (it is down, say): said when the refusals begin, not at every
   * look while they last. */
  #claimRefused(error: unknown): void {
    if (this.#claimsRefusedSince !== undefined) return;
    this.#claimsRefusedSince = Date.now();
    this.#events.onError(error, undefined);
  }

  /** A claim answered: after refusals, said once, with how long they lasted. */
  #claimsAnswered(): void {
    if (this.#claimsRefusedSince === undefined) return;
    this.#events.onQueueBack?.(Date.now() - this.#claimsRefusedSince);
    this.#claimsRefusedSince = undefined;
  }
}
