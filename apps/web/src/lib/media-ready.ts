// Whether an item can be played yet (docs/API.md, "Items whose media are not ready"): the server
// lists an item from the moment it is in the catalogue, and its media links stay empty until its
// media are made; such an item is shown as being prepared and never opens into a dead player.
import type { Radio, Video } from '@efir/contract';
import { safeEmbedUrl } from '@efir/contract';

export function isVideoReady(video: Pick<Video, 'link_video' | 'youtubeIframe'>): boolean {
  return video.link_video !== '' || safeEmbedUrl(video.youtubeIframe) !== undefined;
}

export function isRadioReady(radio: Pick<Radio, 'link_radio'>): boolean {
  return radio.link_radio !== '';
}
