import { Page } from '../../components/page.tsx';
import { useChosenChannel } from '../../features/channels/api/get-channels-on-air.ts';
import { AddedChannel } from '../../features/channels/components/added-channel.tsx';
import { ChannelSwitcher } from '../../features/channels/components/channel-switcher.tsx';
import { Chat } from '../../features/chat/components/chat.tsx';
import { LiveRadioSection } from '../../features/live-radio/components/live-radio-section.tsx';
import { PopularProgrammes } from '../../features/radio/components/popular-programmes.tsx';
import { PopularSongs } from '../../features/radio/components/popular-songs.tsx';
import { RadioListing } from '../../features/radio/components/radio-listing.tsx';
import { Slideshow } from '../../features/slideshow/components/slideshow.tsx';
import { BelowTheFold } from '../../lib/below-the-fold.tsx';
import { useI18n } from '../../lib/i18n.tsx';

/** /radio: the live radio block (entering it makes the live radio the player) and its chat, then,
 * below the fold, the slideshow carousel, the popular programmes and songs and the radio
 * catalogue rows. */
export function RadioRoute() {
  const { t } = useI18n();
  const { channels, chosen } = useChosenChannel('audio');
  return (
    <Page title="nav.live_radio">
      <ChannelSwitcher channels={channels} chosen={chosen} path="/radio" />
      {chosen === undefined ? (
        <LiveRadioSection chat={(dayId) => <Chat room="radio" id={dayId} />} />
      ) : (
        <AddedChannel key={chosen.slug} channel={chosen} />
      )}
      <BelowTheFold>
        <Slideshow name="radios" label={t('radio.slideshow')} autoplayMs={5000} perView={{ mobile: 1.2, wide: 3 }} />
        <PopularProgrammes />
        <PopularSongs />
        <RadioListing />
      </BelowTheFold>
    </Page>
  );
}
