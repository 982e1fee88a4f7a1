// The schedule editor's calls: a day as stored, the timeline of a day being edited (asked again a
// moment after each change), saving over the opened revision, copying, and the week.
import {
  type ChannelKind,
  type ScheduleMedia,
  type ScheduleCopy,
  type ScheduleMove,
  type ScheduleSave,
  type StudioCategory,
  type StudioScheduleDay,
} from '@efir/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export function dayQuery(channel: string, date: string) {
  return queryOptions({
    queryKey: callKey('scheduleDay', { params: { channel, date } }),
    queryFn: ({ signal }) => studio('scheduleDay', { params: { channel, date }, signal }),
  });
}

/** The saves of a day, newest first. */
export function versionsQuery(channel: string, date: string) {
  return queryOptions({
    queryKey: callKey('scheduleVersions', { params: { channel, date } }),
    queryFn: ({ signal }) => studio('scheduleVersions', { params: { channel, date }, signal }),
  });
}

export function weekQuery(channel: string, date: string) {
  return queryOptions({
    queryKey: callKey('scheduleWeek', { params: { channel, date } }),
    queryFn: ({ signal }) => studio('scheduleWeek', { params: { channel, date }, signal }),
  });
}

/** An item of the day being edited: `key` tells apart two airings of one video. */
export interface DraftItem {
  key: number;
  media: ScheduleMedia;
  startsAt: string | null;
  isAd: boolean;
  draft: 0 | 1 | 2;
}

export interface DraftTicker {
  key: number;
  videoId: number | null;
  message: string;
  startsAt: string;
  duration: number;
  speed: number;
}

export interface DayDraft {
  startsAt: string;
  finishedText: string;
  items: DraftItem[];
  tickers: DraftTicker[];
}

/** A catalogue item as the day lists it, read when it is added. */
export async function mediaOf(kind: ChannelKind, id: number): Promise<ScheduleMedia> {
  const found =
    kind === 'video' ? await studio('video', { params: { id } }) : await studio('radio', { params: { id } });
  return {
    id: found.id,
    name: found.name,
    durationSeconds: found.durationSeconds,
    media: found.media,
    draft: found.draft,
    preview: found.preview,
  };
}

/** A catalogue's categories, for a fill of a channel of `kind`. */
export function categoriesOf(kind: ChannelKind, signal: AbortSignal): Promise<StudioCategory[]> {
  return kind === 'video' ? studio('videoCategories', { signal }) : studio('radioCategories', { signal });
}

/** What a fill may take from a category: its published items with media, the newest hundred. */
export async function fillCandidates(
  kind: ChannelKind,
  category: number,
  signal: AbortSignal,
): Promise<ScheduleMedia[]> {
  const query = { category, draft: 0, media: 'ready', size: 100 } as const;
  const { results } =
    kind === 'video' ? await studio('videos', { query, signal }) : await studio('radios', { query, signal });
  return results.map(({ id, name, durationSeconds, media, draft, preview }) => ({
    id,
    name,
    durationSeconds,
    media,
    draft,
    preview,
  }));
}

let keys = 0;
export const nextKey = (): number => (keys += 1);

export function draftOf(day: StudioScheduleDay): DayDraft {
  return {
    startsAt: day.startsAt,
    finishedText: day.finishedText,
    items: day.items.map((item) => ({
      key: nextKey(),
      media: item.media,
      startsAt: item.startsAt,
      isAd: item.isAd,
      draft: item.draft,
    })),
    tickers: day.tickers.map((entry) => ({ ...entry, key: nextKey() })),
  };
}

/** The draft as the calls take it. */
export function bodyOf(draft: DayDraft): Omit<ScheduleSave, 'revision'> {
  return {
    startsAt: draft.startsAt,
    finishedText: draft.finishedText,
    items: draft.items.map((item) => ({
      id: item.media.id,
      startsAt: item.startsAt,
      isAd: item.isAd,
      draft: item.draft,
    })),
    tickers: draft.tickers.map(({ key: _key, ...entry }) => entry),
  };
}

/** A stored day as the calls take it. */
export function storedBody(day: StudioScheduleDay): Omit<ScheduleSave, 'revision'> {
  return {
    startsAt: day.startsAt,
    finishedText: day.finishedText,
    items: day.items.map((item) => ({ id: item.id, startsAt: item.startsAt, isAd: item.isAd, draft: item.draft })),
    tickers: day.tickers,
  };
}

/** The timeline of the draft as the channel would air it, asked again once edits pause. */
export function usePreview(channel: string, date: string, draft: DayDraft | undefined) {
  const body = draft === undefined ? undefined : bodyOf(draft);
  const [settled, setSettled] = useState(body);
  const text = JSON.stringify(body);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(body);
    }, 250);
    return () => {
      clearTimeout(timer);
    };
    // The body is compared by its text: a new object with the same content asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const deferred = useDeferredValue(settled);
  return useQuery({
    queryKey: [...callKey('schedulePreview', { params: { channel, date } }), deferred],
    queryFn: ({ signal }) =>
      studio('schedulePreview', {
        params: { channel, date },
        body: deferred as Omit<ScheduleSave, 'revision'>,
        signal,
      }),
    enabled: deferred !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });
}

export function useSaveDay(channel: string, date: string) {
  return useMutation({
    mutationFn: (body: ScheduleSave) => studio('scheduleSave', { params: { channel, date }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(dayQuery(channel, date).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: callKey('scheduleWeek') });
    },
  });
}

/** Moves a programme between days of the week (or within one); the week is read again. */
export function useMoveProgramme(channel: string) {
  return useMutation({
    mutationFn: (body: ScheduleMove) => studio('scheduleMove', { params: { channel }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callKey('scheduleWeek') }),
  });
}

export function useCopyDay(channel: string, date: string) {
  return useMutation({
    mutationFn: (body: ScheduleCopy) => studio('scheduleCopy', { params: { channel, date }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: callKey('scheduleWeek') }),
  });
}
