import { describe, expect, it } from 'vitest';
import { codecsOf, ladderFor, masterPlaylist, masterWithSubtitles, subtitleRefsOf, videoEncodeArgs } from './ladder.ts';

describe('ladderFor', () => {
  it('always has 720, 480 and 360, and 1080 when the source has it', () => {
    expect(ladderFor(240).map((rung) => rung.height)).toEqual([720, 480, 360]);
    expect(ladderFor(720).map((rung) => rung.height)).toEqual([720, 480, 360]);
    expect(ladderFor(1080).map((rung) => rung.height)).toEqual([1080, 720, 480, 360]);
    expect(ladderFor(2160).map((rung) => rung.height)).toEqual([1080, 720, 480, 360]);
  });

  it('keeps every rung 16:9 with even dimensions', () => {
    for (const rung of ladderFor(1080)) {
      expect(rung.width % 2).toBe(0);
      expect(Math.abs(rung.width / rung.height - 16 / 9)).toBeLessThan(0.01);
    }
  });
});

describe('masterPlaylist', () => {
  it('names every rung best first with its bandwidth, resolution and exact codecs', () => {
    const text = masterPlaylist(ladderFor(1080));
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    const uris = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(uris).toEqual(['1080/index.m3u8', '720/index.m3u8', '480/index.m3u8', '360/index.m3u8']);
    expect(text).toContain('RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2",FRAME-RATE=25.000');
    expect(codecsOf(ladderFor(1080)[0]!)).toBe('avc1.640028,mp4a.40.2');
  });
});

describe('masterWithSubtitles', () => {
  const russian = { language: 'ru', label: 'Русский', uri: 'subs/ru/index.m3u8' };
  const english = { language: 'en', label: 'English', uri: 'subs/en/index.m3u8' };

  it('gives a master the tracks asked, as one made with them would be, and reads them back', () => {
    const rungs = ladderFor(720);
    expect(masterWithSubtitles(masterPlaylist(rungs), [russian, english])).toBe(
      masterPlaylist(rungs, [russian, english]),
    );
    expect(masterWithSubtitles(masterPlaylist(rungs, [russian, english]), [english])).toBe(
      masterPlaylist(rungs, [english]),
    );
    expect(masterWithSubtitles(masterPlaylist(rungs, [russian]), [])).toBe(masterPlaylist(rungs));
    expect(subtitleRefsOf(masterPlaylist(rungs, [russian, english]))).toEqual([russian, english]);
    expect(subtitleRefsOf(masterPlaylist(rungs))).toEqual([]);
  });
});

describe('videoEncodeArgs', () => {
  const base = { input: ['-i', 'in.mp4'], outDir: '/out', rungs: ladderFor(720), durationSeconds: 12.5 };

  it('decodes once and writes one HLS playlist per rung with keyframes on the 4 s grid', () => {
    const args = videoEncodeArgs({ ...base, hasAudio: true });
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args.filter((arg) => arg === 'hls')).toHaveLength(3);
    expect(args.filter((arg) => arg === 'expr:gte(t,n_forced*4)')).toHaveLength(3);
    expect(args).toContain('/out/480/index.m3u8');
    const filter = args[args.indexOf('-filter_complex') + 1];
    expect(filter).toContain('fps=25,split=3');
    expect(filter).toContain('loudnorm=I=-16');
    expect(filter).toContain('pad=1280:720');
  });

  it('gives a silent source a silent stereo track', () => {
    const args = videoEncodeArgs({ ...base, hasAudio: false });
    expect(args).toContain('anullsrc=r=48000:cl=stereo');
    expect(args[args.indexOf('-filter_complex') + 1]).toContain('[1:a]loudnorm');
  });
});
