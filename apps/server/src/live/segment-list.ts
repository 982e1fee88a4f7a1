// The segments of an on-demand media playlist, as the live timeline needs them.
import { posix } from 'node:path';
import { mediaPathOf } from '@efir/contract';
import type { Segment } from './timeline.ts';

/**
 * Each `#EXTINF` duration with the URI after it, the URI made absolute by `resolve`. A segment
 * after `#EXT-X-DISCONTINUITY` (a demo item's clip starting again, its timestamps restarting)
 * carries `discontinuity: true`.
 */
export function parseMediaPlaylist(text: string, resolve: (uri: string) => string): Segment[] {
  const segments: Segment[] = [];
  let duration: number | undefined;
  let discontinuity = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      if (!(duration > 0)) throw new Error(`a segment without a duration: ${line}`);
      segments.push({
        uri: resolve(line),
        duration,
        ...(discontinuity && segments.length > 0 ? { discontinuity } : {}),
      });
      duration = undefined;
      discontinuity = false;
    }
  }
  return segments;
}

/**
 * The URL path of a segment named by `uri` in the playlist at `playlistDir` (a URL path under
 * `/media/`, such as `/media/v/<id>/720`), with the rung's folder (`rung`, the last folder before
 * the file, as in `/media/v/<id>/720/seg_00000.ts` or `/media/demo/tv/1/720/seg_00000.ts`) left
 * open as `slot` when given. Relative URIs with `..` are resolved; one leaving `/media/` is refused.
 */
export function resolveSegmentUri(playlistDir: string, uri: string, rung?: { name: string; slot: string }): string {
  if (/^[a-z][a-z0-9+.-]*:/iu.test(uri) || uri.startsWith('/')) throw new Error(`not a relative segment URI: ${uri}`);
  const path = posix.normalize(posix.join(playlistDir, uri));
  if (mediaPathOf(path) === undefined) throw new Error(`a segment outside the media: ${uri}`);
  if (rung === undefined) return path;
  const cut = path.lastIndexOf('/');
  const folder = path.slice(0, cut);
  if (!folder.endsWith(`/${rung.name}`)) throw new Error(`a segment outside its rung's folder: ${uri}`);
  return `${folder.slice(0, -rung.name.length)}${rung.slot}${path.slice(cut)}`;
}
