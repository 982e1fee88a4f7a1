// The live channels as the studio names them, the list of them, and the schedules' day today.
import { type ChannelView, dateIn, isMainChannel, type LiveChannelName, pageTimeZone } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from './api.ts';

export const channelNames: Record<LiveChannelName, string> = { tv: 'ТВ', radio: 'Радио' };

/** The studio's short name of a main channel, else the channel's own name. */
export const channelName = (slug: string, name: string): string => (isMainChannel(slug) ? channelNames[slug] : name);

let announced: string | undefined;

/** The schedules' zone (the server's TIME_ZONE), as the page names it; read once. */
export function schedulesZone(): string {
  announced ??= pageTimeZone(typeof document === 'undefined' ? undefined : document);
  return announced;
}

/** Today's date (YYYY-MM-DD) on the schedules' clock. */
export const today = (zone = schedulesZone()): string => dateIn(zone, new Date());

/** Formats instants as HH:mm:ss on the clock of `zone`. */
export function clockFormat(zone: string) {
  const format = new Intl.DateTimeFormat('ru-RU', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (instant: number): string => format.format(new Date(instant));
}

/** An instant as HH:mm:ss on the clock of `zone`, said to be the next day's when it falls after
 * the day `date` (a day that runs to midnight ends at the next day's 00:00:00). */
export function clockAfter(zone: string, date: string) {
  const clock = clockFormat(zone);
  return (instant: number): string =>
    dateIn(zone, new Date(instant)) > date ? `${clock(instant)} следующего дня` : clock(instant);
}

/** Every channel the site airs, the main two first. */
export const channelsQuery = queryOptions({
  queryKey: callKey('channels'),
  queryFn: ({ signal }) => studio('channels', { signal }),
  staleTime: 60_000,
});

/** After a channel is added or changed: the lists that name channels are asked again. */
function channelsChanged(): void {
  void queryClient.invalidateQueries({ queryKey: callKey('channels') });
  void queryClient.invalidateQueries({ queryKey: callKey('onAir') });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
}

export function useAddChannel() {
  return useMutation({
    mutationFn: (body: Pick<ChannelView, 'slug' | 'name' | 'kind'>) => studio('channelAdd', { body }),
    onSuccess: channelsChanged,
  });
}

/** A channel's new logo, from an upload. */
export function useChannelLogo(slug: string) {
  return useMutation({
    mutationFn: (upload: string) => studio('channelLogo', { params: { channel: slug }, body: { upload } }),
    onSuccess: channelsChanged,
  });
}
