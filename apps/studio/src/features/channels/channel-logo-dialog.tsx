// A channel's logo: the one it has, and a new one from a picture, made square for IPTV players
// and the switcher on the site.
import type { ChannelView } from '@efir/contract';
import { Dialog } from '../../components/dialog.tsx';
import { PictureUpload } from '../../components/upload-field.tsx';
import { useChannelLogo } from '../../lib/channels.ts';

export function ChannelLogoDialog({ channel, onClose }: { channel: ChannelView; onClose: () => void }) {
  const logo = useChannelLogo(channel.slug);
  return (
    <Dialog open title={`Логотип: ${channel.name}`} onClose={onClose} narrow>
      <div className="stack">
        {channel.logo === null ? (
          <p className="muted">Своего логотипа нет: в IPTV-списке — логотип сайта.</p>
        ) : (
          <img src={channel.logo} alt={`Логотип канала «${channel.name}»`} width={128} height={128} />
        )}
        <PictureUpload
          label="Новый логотип"
          hint="JPEG, PNG или WebP; обрезается до квадрата."
          change={logo}
          saved={`Логотип канала «${channel.name}» сохранён`}
          onSaved={onClose}
        />
      </div>
    </Dialog>
  );
}
