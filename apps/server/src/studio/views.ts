// The studio's rows as its calls show them (the contract's studio schemas).
import type { JobStage, StudioJob, StudioRadio, StudioVideo } from '@efir/contract';
import {
  type IngestJobRow,
  mediaStateOf,
  type StudioRadioRow,
  type StudioVideoRow,
} from '../repositories/studio-catalogue.ts';

const stages: readonly JobStage[] = ['queued', 'probing', 'encoding', 'finishing', 'done', 'failed'];

/** The time a running job has left, judged from how far it got since its attempt started. */
export function etaSeconds(job: Pick<IngestJobRow, 'state' | 'progress' | 'startedAt'>, now: number): number | null {
  if (job.state !== 'running' || job.startedAt === null || job.progress < 0.02) return null;
  const elapsed = (now - job.startedAt.getTime()) / 1000;
  return Math.max(0, Math.round((elapsed * (1 - job.progress)) / job.progress));
}

export function toStudioJob(row: IngestJobRow, now = Date.now()): StudioJob {
  const source = row.source as { name?: unknown };
  return {
    id: row.id,
    kind: row.kind,
    name: typeof source.name === 'string' ? source.name : '',
    stage: stages.find((stage) => stage === row.stage) ?? 'queued',
    progress: row.progress,
    etaSeconds: etaSeconds(row, now),
    error: row.error,
    itemId: row.itemId ?? row.resultId,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toStudioVideo(row: StudioVideoRow, job: IngestJobRow | undefined): StudioVideo {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    plot: row.plot,
    categoryId: row.categoryId,
    ageRating: row.ageRating,
    draft: row.draft,
    externalEmbed: row.externalEmbed,
    durationSeconds: row.durationSeconds,
    views: row.views,
    addedAt: row.addedAt.toISOString(),
    media: mediaStateOf(row.masterPlaylist, job),
    preview: row.previewCatalog === '' ? row.preview : row.previewCatalog,
    link: row.masterPlaylist,
    subtitles: row.subtitles,
    job: job === undefined ? null : toStudioJob(job),
  };
}

export function toStudioRadio(row: StudioRadioRow, job: IngestJobRow | undefined): StudioRadio {
  return {
    id: row.id,
    name: row.name,
    author: row.author,
    categoryId: row.categoryId,
    draft: row.draft,
    kind: row.kind,
    durationSeconds: row.durationSeconds,
    plays: row.plays,
    addedAt: row.addedAt.toISOString(),
    media: mediaStateOf(row.audioPlaylist, job),
    preview: row.preview,
    link: row.audioPlaylist,
    download: row.audioFile,
    job: job === undefined ? null : toStudioJob(job),
  };
}
