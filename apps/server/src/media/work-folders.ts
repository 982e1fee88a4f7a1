// The work folders under DATA_DIR/media/.incoming are named after who made them, so that a start
// can tell a folder another node is still filling from one a dead process left behind, with no
// state beyond the names and the queue:
//   job-<job id>-<attempt>-<host>-<pid>-<uuid>   an attempt of an ingest job
//   filler-<tv|radio>-<host>-<pid>               the live channels' filler
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { processAlive } from '../lib/processes.ts';
import { liveIngests, requeueInterrupted } from '../repositories/ingest-jobs.ts';

/** This node's name in folder names; no dash, so a name splits back into its parts. */
const host = hostname().replace(/[^A-Za-z0-9.]/gu, '_') || 'host';

/** The work folders' folder, under the media folder. */
export const incomingFolderName = '.incoming';

export function incomingDir(mediaDir: string): string {
  return join(mediaDir, incomingFolderName);
}

/** An attempt of a job: the claim counts attempts, so the pair names one run of the job. */
export interface JobAttempt {
  id: number;
  attempt: number;
}

export function jobWorkFolder(mediaDir: string, job: JobAttempt): string {
  return join(incomingDir(mediaDir), `job-${job.id}-${job.attempt}-${host}-${process.pid}-${randomUUID()}`);
}

export function fillerWorkFolder(mediaDir: string, name: 'tv' | 'radio'): string {
  return join(incomingDir(mediaDir), `filler-${name}-${host}-${process.pid}`);
}

type WorkFolder =
  | { kind: 'job'; jobId: number; attempt: number; host: string; pid: number }
  | { kind: 'filler'; host: string; pid: number };

function parseWorkFolder(name: string): WorkFolder | undefined {
  const job = /^job-(\d+)-(\d+)-([^-]+)-(\d+)-[0-9a-f-]{36}$/u.exec(name);
  if (job !== null) {
    return { kind: 'job', jobId: Number(job[1]), attempt: Number(job[2]), host: job[3] ?? '', pid: Number(job[4]) };
  }
  const filler = /^filler-(?:tv|radio)-([^-]+)-(\d+)$/u.exec(name);
  if (filler !== null) return { kind: 'filler', host: filler[1] ?? '', pid: Number(filler[2]) };
  return undefined;
}

/** Made by a process of this host that is gone: an earlier run of this server, or a crashed one. */
function leftByTheDead(folder: WorkFolder): boolean {
  return folder.host === host && (folder.pid === process.pid || !processAlive(folder.pid));
}

async function folderNames(mediaDir: string): Promise<string[]> {
  try {
    return await readdir(incomingDir(mediaDir));
  } catch {
    return [];
  }
}

async function remove(mediaDir: string, name: string): Promise<void> {
  await rm(join(incomingDir(mediaDir), name), { recursive: true, force: true });
}

/** Removes the folders of a job's earlier attempts: the job is taken again, they are dead. */
export async function removeJobWorkFolders(mediaDir: string, jobId: number): Promise<void> {
  for (const name of await folderNames(mediaDir)) {
    const folder = parseWorkFolder(name);
    if (folder?.kind === 'job' && folder.jobId === jobId) await remove(mediaDir, name);
  }
}

export interface Sweep {
  /** The folders removed. */
  removed: string[];
  /** The jobs whose attempt died with an earlier run of this node, back in the queue. */
  requeued: number[];
}

/**
 * At start, before this node makes anything but its filler: removes every work folder nobody is
 * filling any more (a job's folder stays while that attempt runs with a fresh heartbeat on another
 * node; a filler's while its process lives), and puts back in the queue the jobs whose attempt died with an earlier
 * run of this node, rather than waiting for their heartbeat to fall silent.
 */
export async function sweepWorkFolders(db: Db, mediaDir: string): Promise<Sweep> {
  const names = await folderNames(mediaDir);
  if (names.length === 0) return { removed: [], requeued: [] };
  const running = new Map((await liveIngests(db)).map((job) => [job.id, job.attempts]));
  const sweep: Sweep = { removed: [], requeued: [] };
  for (const name of names) {
    const folder = parseWorkFolder(name);
    // A filler folder of this process's id is this run's own (begun before the sweep; a same-id
    // earlier run's is cleared by ensureFiller before it starts).
    const ownFiller = folder?.kind === 'filler' && folder.host === host && folder.pid === process.pid;
    if (folder?.kind === 'filler' && (ownFiller || !leftByTheDead(folder))) continue;
    if (folder?.kind === 'job') {
      if (leftByTheDead(folder)) {
        if (await requeueInterrupted(db, folder.jobId, folder.attempt)) sweep.requeued.push(folder.jobId);
      } else if (running.get(folder.jobId) === folder.attempt) {
        continue;
      }
    }
    await remove(mediaDir, name);
    sweep.removed.push(name);
  }
  return sweep;
}
