import { callAnswerWithinMs, type ChannelKind, type ChannelOnAir, createEfirClient } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiLocaleNow } from '../../../lib/api.ts';

const efir = createEfirClient({
  headers: () => ({ 'Accept-Language': apiLocaleNow() }),
  answerWithinMs: callAnswerWithinMs,
});

/** Every channel with what it airs now, asked again every 10 s. */
export function useChannelsOnAir() {
  return useQuery({
    queryKey: ['channelsOnAir', apiLocaleNow()],
    queryFn: ({ signal }) => efir('channelsOnAir', { signal }),
    refetchInterval: 10_000,
  });
}

/** The address's `?channel=` of this kind, if it names an added channel the site airs. */
export const channelParameter = 'channel';

/** The channels of a kind, and the one the address chose (undefined: the main one). */
export function useChosenChannel(kind: ChannelKind): {
  channels: ChannelOnAir[];
  chosen: ChannelOnAir | undefined;
} {
  const [search] = useSearchParams();
  const channels = (useChannelsOnAir().data ?? []).filter((channel) => channel.kind === kind);
  const slug = search.get(channelParameter);
  const chosen = channels.find((channel) => channel.slug === slug && !channel.main);
  return { channels, chosen };
}
