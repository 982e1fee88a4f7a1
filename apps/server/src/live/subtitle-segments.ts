// Which subtitle segment airs with a video segment: a video's subtitles are segmented as its media
// are (docs/MEDIA.md, «Subtitles»), so its segment N in a language is `subs/<language>/seg_N.vtt`
// beside the rungs, whatever rung plays, and carries the timestamp map of the media segment N. The
// live channel's subtitle renditions list it where the aired log lists the media segment.
import { mediaPathOf } from '@efir/contract';

/** The media folder (under DATA_DIR/media) of a video segment's aired URI, its rung left open as
 * `slot`, and the subtitle segment's URI there; undefined for any other URI. */
export function subtitleSegmentOf(
  uri: string,
  slot: string,
  language: string,
): { folder: string; uri: string } | undefined {
  const rung = `/${slot}/`;
  const cut = uri.lastIndexOf(rung);
  if (cut === -1) return undefined;
  const base = uri.slice(0, cut);
  const name = /^(seg_\d+)\.ts$/u.exec(uri.slice(cut + rung.length))?.[1];
  const folder = mediaPathOf(`${base}/`)?.slice(0, -1);
  if (folder === undefined || folder === '' || name === undefined) return undefined;
  return { folder, uri: `${base}/subs/${language}/${name}.vtt` };
}
