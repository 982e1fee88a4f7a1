// The segments of an on-demand media playlist, as the live timeline needs them.
import type { Segment } from './timeline.ts';

/** Each `#EXTINF` duration with the URI after it, the URI made absolute by `resolve`. */
export function parseMediaPlaylist(text: string, resolve: (uri: string) => string): Segment[] {
  const segments: Segment[] = [];
  let duration: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#') && duration !== undefined) {
      if (!(duration > 0)) throw new Error(`a segment without a duration: ${line}`);
      segments.push({ uri: resolve(line), duration });
      duration = undefined;
    }
  }
  return segments;
}
