import type { TeleprogramItem } from '@efir/contract';
import { AboutBlock } from '../../features/about/components/about-block.tsx';
import { MainListRows } from '../../features/catalog/components/main-list-rows.tsx';
import { useChosenChannel } from '../../features/channels/api/get-channels-on-air.ts';
import { AddedChannel } from '../../features/channels/components/added-channel.tsx';
import { ChannelSwitcher } from '../../features/channels/components/channel-switcher.tsx';
import { Chat } from '../../features/chat/components/chat.tsx';
import { LiveTvSection, ProgrammeStrip } from '../../features/live-tv/components/live-tv-section.tsx';
import { PollBlock } from '../../features/poll/components/poll-block.tsx';
import { useTeleprogramVideos } from '../../features/programme/api/get-teleprogram-videos.ts';
import { Slideshow } from '../../features/slideshow/components/slideshow.tsx';
import { Ticker } from '../../features/ticker/components/ticker.tsx';
import { BelowTheFold } from '../../lib/below-the-fold.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const noVideos: readonly TeleprogramItem[] = [];

/** The day's strip: the teleprogram's plain list with the item on air marked, and the one a
 * rewound viewer watches. */
function TeleprogramStrip({
  teleId,
  currentId,
  watchedId,
}: {
  teleId: number;
  currentId: number | undefined;
  watchedId: number | undefined;
}) {
  const videos = useTeleprogramVideos(teleId, true).data?.results ?? noVideos;
  return <ProgrammeStrip videos={videos} currentId={currentId} watchedId={watchedId} />;
}

/** `/`: the live TV section (player with its ticker, chat, the day's strip), then, below the fold,
 * the slideshow, the poll, the catalogue rows and the about block. */
export function HomeRoute() {
  const { t } = useI18n();
  usePageTitle(undefined);
  const { channels, chosen } = useChosenChannel('video');
  return (
    <div className="page">
      <h1 className="visually-hidden">{t('app.title')}</h1>
      <ChannelSwitcher channels={channels} chosen={chosen} path="/" />
      {chosen === undefined ? (
        <LiveTvSection
          ticker={(teleId, item, time) => <Ticker teleId={teleId} item={item} time={time} />}
          chat={(teleId) => <Chat room="teleprogram" id={teleId} />}
          strip={(teleId, currentId, watchedId) => (
            <TeleprogramStrip teleId={teleId} currentId={currentId} watchedId={watchedId} />
          )}
        />
      ) : (
        <AddedChannel key={chosen.slug} channel={chosen} />
      )}
      <BelowTheFold>
        <Slideshow name="main" label={t('home.slideshow')} autoplayMs={10_000} />
        <PollBlock />
        <MainListRows />
        <AboutBlock />
      </BelowTheFold>
    </div>
  );
}
