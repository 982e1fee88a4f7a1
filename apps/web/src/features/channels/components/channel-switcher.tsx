// The switcher between the channels of one kind on the home page (TV channels) and the radio page
// (radio stations): shown only when the site airs more than one; the choice is in the address
// (`?channel=kino`), so it can be shared and the back button undoes it.
import type { ChannelOnAir } from '@efir/contract';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n.tsx';
import { channelParameter } from '../api/get-channels-on-air.ts';
import './channels.css';

export function ChannelSwitcher({
  channels,
  chosen,
  path,
}: {
  channels: readonly ChannelOnAir[];
  chosen: ChannelOnAir | undefined;
  /** The page the switcher is on. */
  path: string;
}) {
  const { t } = useI18n();
  if (channels.length < 2) return null;
  return (
    <nav className="channel-switcher" aria-label={t('channels.switcher')}>
      {channels.map((channel) => {
        const current = channel.main ? chosen === undefined : chosen?.slug === channel.slug;
        return (
          <Link
            key={channel.slug}
            className={
              current ? 'channel-switcher__channel channel-switcher__channel--current' : 'channel-switcher__channel'
            }
            aria-current={current ? 'page' : undefined}
            to={channel.main ? path : `${path}?${channelParameter}=${encodeURIComponent(channel.slug)}`}
          >
            {channel.logo === null ? null : (
              <img className="channel-switcher__logo" src={channel.logo} alt="" width={28} height={28} />
            )}
            {channel.name}
          </Link>
        );
      })}
    </nav>
  );
}
