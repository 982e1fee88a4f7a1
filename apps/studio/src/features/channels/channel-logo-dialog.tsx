// A channel's logo: the one it has, and a new one from a picture, made square for IPTV players
// and the switcher on the site.
import type { ChannelView } from '@efir/contract';
import { useCallback } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { useToast } from '../../components/toasts.tsx';
import { PictureUpload } from '../../components/upload-field.tsx';
import { problemOf } from '../../lib/api.ts';
import { useChannelLogo } from '../../lib/channels.ts';

export function ChannelLogoDialog({ channel, onClose }: { channel: ChannelView; onClose: () => void }) {
  const logo = useChannelLogo(channel.slug);
  const toast = useToast();
  const { mutate } = logo;
  const onUploaded = useCallback(
    (upload: string) => {
      mutate(upload, {
        onSuccess: () => {
          toast(`Логотип канала «${channel.name}» сохранён`);
          onClose();
        },
      });
    },
    [mutate, toast, channel.name, onClose],
  );
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
          onUploaded={onUploaded}
          problem={logo.isError ? problemOf(logo.error) : undefined}
        />
      </div>
    </Dialog>
  );
}
