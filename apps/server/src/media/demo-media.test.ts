import { describe, expect, it } from 'vitest';
import { parseMediaPlaylist, resolveSegmentUri } from '../live/segment-list.ts';
import {
  demoClipOf,
  demoClipPath,
  demoClipRecipe,
  demoClips,
  demoItemPlaylist,
  demoCoverPicture,
  demoPicturesArgs,
  demoPreviewPicture,
  demoTitleSize,
  demoToneHz,
  loopedSegments,
} from './demo-media.ts';

/** A clip of three 4 s segments, as its own playlist names them. */
const clip = [0, 1, 2].map((i) => ({ uri: `seg_0000${i}.ts`, duration: 4 }));
const prefix = '../../../demo/tv/1/720/';

describe('a demo item’s playlist', () => {
  it('loops its clip to the item’s length, a discontinuity where the clip starts again', () => {
    const { text, seconds } = demoItemPlaylist(clip, 28, prefix);
    expect(seconds).toBe(28);
    const lines = text.trim().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ]);
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
    const segments = parseMediaPlaylist(text, (uri) => uri);
    expect(segments.map((s) => s.uri.slice(prefix.length))).toEqual([
      'seg_00000.ts',
      'seg_00001.ts',
      'seg_00002.ts',
      'seg_00000.ts',
      'seg_00001.ts',
      'seg_00002.ts',
      'seg_00000.ts',
    ]);
    expect(segments.map((s) => s.discontinuity === true)).toEqual([false, false, false, true, false, false, true]);
    expect(lines.filter((line) => line === '#EXT-X-DISCONTINUITY')).toHaveLength(2);
  });

  it('lasts the item’s length to the nearest whole segment, one at least', () => {
    const length = (seconds: number): number => demoItemPlaylist(clip, seconds, prefix).seconds;
    expect([length(0), length(1), length(4), length(5.9), length(6), length(247), length(900)]).toEqual([
      4, 4, 4, 4, 8, 248, 900,
    ]);
    // The playlist's length is the sum of what it lists.
    const { text, seconds } = demoItemPlaylist(clip, 247, prefix);
    expect(parseMediaPlaylist(text, (uri) => uri).reduce((sum, s) => sum + s.duration, 0)).toBe(seconds);
  });

  it('names segments that resolve to the shared clip under /media/, for a video rung and a radio', () => {
    const video = parseMediaPlaylist(demoItemPlaylist(clip, 8, `../../../${demoClipPath('tv', 2)}/720/`).text, (uri) =>
      resolveSegmentUri('/media/v/0d6c/720', uri),
    );
    expect(video[0]?.uri).toMatch(/^\/media\/demo\/tv\/2-[0-9a-f]{10}\/720\/seg_00000\.ts$/u);
    const radio = parseMediaPlaylist(demoItemPlaylist(clip, 8, `../../${demoClipPath('radio', 3)}/`).text, (uri) =>
      resolveSegmentUri('/media/r/77aa', uri),
    );
    expect(radio[1]?.uri).toMatch(/^\/media\/demo\/radio\/3-[0-9a-f]{10}\/seg_00001\.ts$/u);
  });

  it('leaves out a clip’s last segment under a second (the encoder’s final audio frame)', () => {
    const radio = [
      { uri: 'a.ts', duration: 4.010667 },
      { uri: 'b.ts', duration: 3.989333 },
      { uri: 'c.ts', duration: 0.021333 },
    ];
    expect(loopedSegments(radio).map((s) => s.uri)).toEqual(['a.ts', 'b.ts']);
    expect(loopedSegments(clip)).toEqual(clip);
  });

  it('refuses a clip without segments', () => {
    expect(() => demoItemPlaylist([], 10, prefix)).toThrow(/without segments/u);
  });
});

describe('demo clips and previews', () => {
  it('spreads the items over the clips', () => {
    const used = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((id) => demoClipOf('tv', id)));
    expect(used.size).toBe(demoClips.tv.count);
  });

  it('keeps each clip in a folder named after its recipe: one per clip and kind, the same at every start', () => {
    const paths = (['tv', 'radio'] as const).flatMap((kind) => [0, 1, 2, 3].map((clip) => demoClipPath(kind, clip)));
    expect(new Set(paths).size).toBe(8);
    expect(demoClipPath('tv', 1)).toBe(demoClipPath('tv', 1));
    // The recipe is what ffmpeg is told: the clip's own colour and tone, not where it is made.
    expect(demoClipRecipe('tv', 1, '/a', '/a/l').join(' ')).toContain('color=c=0x264653');
    expect(demoClipRecipe('radio', 1, '/a', '/a/l').join(' ')).toContain(`sine=frequency=${demoToneHz(5)}`);
  });

  it('makes both previews in one run, the title drawn from its file', () => {
    const args = demoPicturesArgs([
      demoPreviewPicture({ clip: 1, title: 'Новости', titleFile: '/w/.title.txt', outDir: '/w' }),
    ]);
    expect(args.filter((arg) => arg.endsWith('.jpg'))).toEqual(['/w/preview.jpg', '/w/preview-catalog.jpg']);
    expect(args.join(' ')).toContain(`textfile='/w/.title.txt':expansion=none:fontsize=${demoTitleSize('Новости')}`);
  });

  it("makes several items' pictures in one run, each from its own still to its own files", () => {
    const args = demoPicturesArgs([
      demoPreviewPicture({ clip: 1, title: 'Новости', titleFile: '/v/.title.txt', outDir: '/v' }),
      demoCoverPicture({ clip: 2, title: 'Позывные', titleFile: '/r/.title.txt', outDir: '/r' }),
    ]);
    expect(args.filter((arg) => arg.startsWith('color='))).toHaveLength(2);
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toMatch(/^\[0:v\].*textfile='\/v\/\.title\.txt'.*;\[1:v\].*textfile='\/r\/\.title\.txt'/u);
    const mapped = (file: string) => args[args.indexOf(file) - 5];
    expect([mapped('/v/preview.jpg'), mapped('/v/preview-catalog.jpg'), mapped('/r/cover.jpg')]).toEqual([
      '[p0full]',
      '[p0catalog]',
      '[p1cover]',
    ]);
  });
});
