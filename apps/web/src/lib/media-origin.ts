// Where the live streams come from: the media port (SPEC §7: port 8088) of the site's own host.
// The server names its port in a meta tag of the page; without one the spec's 8088 holds.
import { streamMetaNames } from '@efir/contract';

export const defaultMediaPort = 8088;

export function mediaOrigin(): string {
  const port = document.querySelector<HTMLMetaElement>(`meta[name="${streamMetaNames.mediaPort}"]`)?.content;
  const { protocol, hostname } = window.location;
  return `${protocol}//${hostname}:${port !== undefined && port !== '' ? port : String(defaultMediaPort)}`;
}
