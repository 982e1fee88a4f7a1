// The mapping between the database's rows and the wire's names (SPEC §3).
import type { ChatMessage, Poll, ProgrammeDay, Radio, Video } from '@efir/contract';
import type { poll, radio, video } from '../db/schema/index.ts';
import type { ChatMessageRow } from './chat.ts';

type SearchColumns = 'searchVector' | 'latinVector' | 'searchLatin' | 'mediaReadyAt';
export type VideoRow = Omit<typeof video.$inferSelect, SearchColumns>;
export type RadioRow = Omit<typeof radio.$inferSelect, SearchColumns>;
export type PollRow = typeof poll.$inferSelect;

export function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    name: row.name,
    duration: row.durationSeconds,
    censored: row.ageRating,
    draft: row.draft,
    video_kach: row.renditions.map((rendition) => ({ kach: rendition.height, link_video: rendition.link })),
    link_video: row.masterPlaylist,
    description: row.description,
    sujet: row.plot,
    youtubeIframe: row.externalEmbed,
    get_preview: row.preview,
    get_previewCatalog: row.previewCatalog,
    category_id: row.categoryId,
    prosmotri: row.views,
    date_added: row.addedAt.toISOString(),
  };
}

export function toRadio(row: RadioRow): Radio {
  return {
    id: row.id,
    name: row.name,
    author: { name: row.author },
    duration: row.durationSeconds,
    draft: row.draft,
    get_preview: row.preview,
    link_radio: row.audioPlaylist,
    link_download: row.audioFile,
    prosmotri: row.plays,
    date_added: row.addedAt.toISOString(),
    category_id: row.categoryId,
  };
}

/** A `time` column as the wire's HH:mm:ss, or '' when unset. */
export function toClockTime(value: string | null): string {
  return value === null ? '' : value.slice(0, 8);
}

/** A day with its run state (the live module's) as the wire's teleprogram or radioprogram. */
export function toProgrammeDay(run: {
  id: number;
  day: string;
  startsAt: string;
  finishedText: string;
  status: number;
  index: number;
}): ProgrammeDay {
  return {
    id: run.id,
    status: run.status,
    index: run.index,
    date_to_start: run.day,
    time_to_start: toClockTime(run.startsAt),
    finished_text: run.finishedText,
  };
}

/** An item of either catalogue as the calls answer it; the row is of the catalogue named, which
 * TypeScript does not follow through a catalogue's name. */
export const toCatalogueItem = { video: toVideo, radio: toRadio } as Record<
  'video' | 'radio',
  (row: VideoRow | RadioRow) => Video | Radio
>;

export function toPoll(row: PollRow): Poll {
  return {
    id: row.id,
    questions: row.question,
    variant_1: row.variant1,
    variant_2: row.variant2,
    variant_3: row.variant3,
    variant_4: row.variant4,
    otvet_1: row.votes1,
    otvet_2: row.votes2,
    otvet_3: row.votes3,
    otvet_4: row.votes4,
  };
}

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return { id: row.id, name: row.name, message: row.message, date_added: row.postedAt.toISOString() };
}
