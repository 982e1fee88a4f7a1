import { describe, expect, it } from 'vitest';
import {
  checkCuesFit,
  parseSubtitles,
  renditionCues,
  subtitleFormatOf,
  subtitleRendition,
  subtitleSegment,
  SubtitleError,
  vttTime,
} from './subtitles.ts';

const srt = `\uFEFF1
00:00:01,000 --> 00:00:02,500
Добрый вечер, <i>Москва</i>

2
00:00:05,000 --> 00:00:09,000
Второй титр
в две строки
`;

const vtt = `WEBVTT

intro
00:00:00.500 --> 00:00:03.000 line:90%
Первый

00:00:03.000 --> 00:00:04.000

`;

describe('reading subtitles', () => {
  it('reads SRT, its comma milliseconds and its tags, as cues in seconds', async () => {
    expect(await parseSubtitles(srt, 'srt', 'a.srt')).toEqual([
      { start: 1, end: 2.5, text: 'Добрый вечер, <i>Москва</i>' },
      { start: 5, end: 9, text: 'Второй титр\nв две строки' },
    ]);
  });

  it('reads WebVTT with identifiers and settings, and drops an empty cue', async () => {
    expect(await parseSubtitles(vtt, 'vtt', 'a.vtt')).toEqual([{ start: 0.5, end: 3, text: 'Первый' }]);
  });

  it('refuses a malformed file with the line that is wrong', async () => {
    const bad = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nок\n\n00:00:0x.000 --> 00:00:04.000\nнет\n';
    await expect(parseSubtitles(bad, 'vtt', 'bad.vtt')).rejects.toThrow(
      new SubtitleError('bad.vtt, line 6: cue start timestamp `00:00:0x.000` is invalid'),
    );
    await expect(parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nок\n', 'vtt', 'x.vtt')).rejects.toThrow(
      /^x\.vtt, line 1: .*WEBVTT/u,
    );
  });

  it('refuses a block that is not a cue, which the parser would skip: a cue is never lost', async () => {
    const typo =
      'WEBVTT\n\nNOTE от редактора\n\n00:00:01.000 --> 00:00:02.000\nок\n\n00:00:03.000 -> 00:00:04.000\nпропал бы\n';
    await expect(parseSubtitles(typo, 'vtt', 't.vtt')).rejects.toThrow(
      't.vtt, line 8: a cue needs a timing line, start --> end',
    );
    const srtTypo = '1\n00:00:01,000 --> 00:00:02,000\nок\n\n2\n00:00:03,000 - 00:00:04,000\nпропал бы\n';
    await expect(parseSubtitles(srtTypo, 'srt', 't.srt')).rejects.toThrow('t.srt, line 6: a cue needs a timing line');
  });

  it('refuses a cue that ends before it starts, naming its timing line', async () => {
    const backwards = '1\n00:00:01,000 --> 00:00:02,000\nок\n\n2\n00:00:05,000 --> 00:00:04,000\nназад\n';
    await expect(parseSubtitles(backwards, 'srt', 'b.srt')).rejects.toThrow(
      'b.srt, line 6: the cue ends (00:00:04.000) before it starts (00:00:05.000)',
    );
  });

  it('refuses a file with no timed text', async () => {
    await expect(parseSubtitles('просто текст\n', 'srt', 'c.srt')).rejects.toThrow('c.srt, line 1: a cue needs');
    await expect(parseSubtitles('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n', 'vtt', 'c.vtt')).rejects.toThrow(
      'c.vtt: no cue with text in it',
    );
  });

  it('knows the format by the extension, and refuses others', () => {
    expect(subtitleFormatOf('/x/Фильм.RU.SRT')).toBe('srt');
    expect(subtitleFormatOf('a.vtt')).toBe('vtt');
    expect(() => subtitleFormatOf('a.ass')).toThrow(/\.vtt \(WebVTT\) or \.srt/u);
  });

  it('refuses a cue that starts after the video has ended', () => {
    const cues = [{ start: 25, end: 27, text: 'Поздно\nещё' }];
    expect(() => {
      checkCuesFit(cues, 20, 'd.srt');
    }).toThrow("d.srt: a cue starts at 00:00:25.000, after the video's end (00:00:20.000): «Поздно»");
    expect(() => {
      checkCuesFit(cues, 30, 'd.srt');
    }).not.toThrow();
  });
});

describe('subtitles in HLS', () => {
  const cues = [
    { start: 1, end: 2.5, text: 'один' },
    { start: 3.5, end: 5, text: 'через границу' },
    { start: 9, end: 12, text: 'после конца --> всё' },
  ];

  it('writes times as HH:MM:SS.mmm', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(3723.4567)).toBe('01:02:03.457');
  });

  it("maps a segment's clock to the MPEG-TS start and keeps the cues that overlap it, whole", () => {
    expect(subtitleSegment(cues, 0, 4, 1.4)).toBe(
      'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n' +
        '00:00:01.000 --> 00:00:02.500\nодин\n\n00:00:03.500 --> 00:00:05.000\nчерез границу\n',
    );
    expect(subtitleSegment(cues, 4, 8, 1.4)).toContain('00:00:03.500 --> 00:00:05.000\nчерез границу\n');
    expect(subtitleSegment(cues, 5, 8, 1.4)).toBe('WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n');
  });

  it("is one segment per media segment with the media's durations, the last keeping what runs past the end", () => {
    const { playlist, segments } = subtitleRendition(cues, [4, 4, 2.48], 1.4);
    expect(playlist).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:4',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXTINF:4.000,',
        'seg_00000.vtt',
        '#EXTINF:4.000,',
        'seg_00001.vtt',
        '#EXTINF:2.480,',
        'seg_00002.vtt',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    expect(segments).toHaveLength(3);
    expect(segments[1]).toContain('через границу');
    // "-->" in a cue's text would read as a timing line.
    expect(segments[2]).toContain('00:00:09.000 --> 00:00:12.000\nпосле конца --&gt; всё\n');
  });

  it('reads back the cues of a rendition once each, a cue across segments too', async () => {
    const written = [...cues, { start: 6, end: 7.25, text: 'две\nстроки' }].sort((a, b) => a.start - b.start);
    const { segments } = subtitleRendition(written, [4, 4, 2.48], 1.4);
    const read = await renditionCues(segments);
    expect(read).toEqual(written.map((cue) => ({ ...cue, text: cue.text.replaceAll('-->', '--&gt;') })));
    expect(subtitleRendition(read, [4, 4, 2.48], 1.4).segments).toEqual(segments);
  });
});
