// The one HLS ladder every video is encoded to, so that any video can air on the live channel
// with no change of format at a boundary: 25 fps, H.264 High, AAC 128k 48 kHz stereo, a keyframe
// at every 4 s segment boundary, identical boundaries in every rung, one loudness target.

export interface Rung {
  height: number;
  width: number;
  videoKbps: number;
  /** The H.264 level, fixed so the master playlist can name the codec exactly. */
  level: '3.1' | '4.0';
}

export const segmentSeconds = 4;
export const frameRate = 25;
export const audioKbps = 128;
/** EBU R128-style integrated loudness target for every item (LUFS), true peak and range. */
export const loudnessFilter = 'loudnorm=I=-16:TP=-1.5:LRA=11';

const allRungs: readonly Rung[] = [
  { height: 1080, width: 1920, videoKbps: 5000, level: '4.0' },
  { height: 720, width: 1280, videoKbps: 2800, level: '3.1' },
  { height: 480, width: 854, videoKbps: 1400, level: '3.1' },
  { height: 360, width: 640, videoKbps: 800, level: '3.1' },
];

/** 720, 480 and 360 always; 1080 too when the source has it. */
export function ladderFor(sourceHeight: number): Rung[] {
  return allRungs.filter((rung) => rung.height !== 1080 || sourceHeight >= 1080);
}

/** The codecs attribute of a rung: avc1 High at its level, AAC-LC. */
export function codecsOf(rung: Rung): string {
  const level = rung.level === '4.0' ? '28' : '1f';
  return `avc1.6400${level},mp4a.40.2`;
}

export function bandwidthOf(rung: Rung): number {
  // Peak: the video's maxrate (10 % over its target) and the audio, in bits per second.
  return Math.round((rung.videoKbps * 1.1 + audioKbps) * 1000);
}

/**
 * Room for a ladder's media of `seconds`: every rung at its peak rate, with a margin for the
 * MPEG-TS overhead, the playlists and the previews.
 */
export function ladderBytes(rungs: readonly Rung[], seconds: number): number {
  return withMargin((rungs.reduce((sum, rung) => sum + bandwidthOf(rung), 0) * seconds) / 8);
}

/** Room for a radio's AAC of `seconds`, with the same margin. */
export function radioBytes(seconds: number): number {
  // Twice: the HLS segments and the same audio as one file to save.
  return withMargin((2 * audioKbps * 1000 * seconds) / 8);
}

function withMargin(bytes: number): number {
  return Math.ceil(bytes * 1.25 + 16 * 1024 * 1024);
}

/** A subtitle track as the master playlist names it: its language, label and playlist (relative). */
export interface SubtitleRenditionRef {
  language: string;
  label: string;
  uri: string;
}

/** The SUBTITLES group's id in a master playlist. */
const subtitleGroup = 'subs';
const subtitleGroupAttribute = `,SUBTITLES="${subtitleGroup}"`;

/** The master playlist naming each rung's media playlist `<height>/index.m3u8`, best first. */
export function masterPlaylist(rungs: readonly Rung[], subtitles: readonly SubtitleRenditionRef[] = []): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS', ...subtitleMediaLines(subtitles)];
  const group = subtitles.length > 0 ? subtitleGroupAttribute : '';
  for (const rung of [...rungs].sort((a, b) => b.height - a.height)) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidthOf(rung)},AVERAGE-BANDWIDTH=${(rung.videoKbps + audioKbps) * 1000},` +
        `RESOLUTION=${rung.width}x${rung.height},CODECS="${codecsOf(rung)}",FRAME-RATE=${frameRate.toFixed(3)}${group}`,
      `${rung.height}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function subtitleMediaLines(subtitles: readonly SubtitleRenditionRef[]): string[] {
  // Not DEFAULT: a viewer turns subtitles on (the player's CC control); AUTOSELECT lets a player
  // whose user asked for subtitles in the system's settings take the track by itself.
  return subtitles.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${subtitleGroup}",LANGUAGE="${track.language}",NAME="${track.label}",` +
      `DEFAULT=NO,AUTOSELECT=YES,URI="${track.uri}"`,
  );
}

const subtitleMediaLine = /^#EXT-X-MEDIA:TYPE=SUBTITLES,.*LANGUAGE="([^"]*)",NAME="([^"]*)",.*URI="([^"]*)"/u;

/** The subtitle tracks a master playlist of `masterPlaylist`'s names, in its order. */
export function subtitleRefsOf(master: string): SubtitleRenditionRef[] {
  return master.split('\n').flatMap((line) => {
    const [, language, label, uri] = subtitleMediaLine.exec(line) ?? [];
    return language === undefined || label === undefined || uri === undefined ? [] : [{ language, label, uri }];
  });
}

/** A master playlist of `masterPlaylist`'s with `subtitles` in place of the tracks it named. */
export function masterWithSubtitles(master: string, subtitles: readonly SubtitleRenditionRef[]): string {
  const kept = master
    .trimEnd()
    .split('\n')
    .filter((line) => !subtitleMediaLine.test(line))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(subtitleGroupAttribute, '') : line));
  const header = kept.indexOf('#EXT-X-INDEPENDENT-SEGMENTS') + 1;
  const group = subtitles.length > 0 ? subtitleGroupAttribute : '';
  const lines = [
    ...kept.slice(0, header),
    ...subtitleMediaLines(subtitles),
    ...kept.slice(header).map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? `${line}${group}` : line)),
  ];
  return `${lines.join('\n')}\n`;
}

export interface VideoEncode {
  /** ffmpeg's options reading the source (`MediaProbe.input`). */
  input: readonly string[];
  outDir: string;
  rungs: readonly Rung[];
  /** The source's duration: a source without sound gets this much silence. */
  durationSeconds: number;
  hasAudio: boolean;
}

/** x264's speed preset: the format (High profile) is the same either way; synthetic demo sources use the fastest. */
export type Preset = 'veryfast' | 'ultrafast';

/**
 * The filter graph of a ladder: `videoIn` (after `videoFilter`, if any) set to 25 fps, split,
 * scaled and padded to 16:9 per rung as [v0], [v1]…; `audioIn` loudness-normalised, split as [a0]….
 */
export function ladderFilter(
  rungs: readonly Rung[],
  videoIn: string,
  audioIn: string,
  videoFilter?: string,
  audioFilter: string = loudnessFilter,
): string {
  const n = rungs.length;
  const videoSplit = rungs.map((_, i) => `[s${i}]`).join('');
  const audioSplit = rungs.map((_, i) => `[a${i}]`).join('');
  const scaled = rungs.map(
    (rung, i) =>
      `[s${i}]scale=w=${rung.width}:h=${rung.height}:force_original_aspect_ratio=decrease,` +
      `pad=${rung.width}:${rung.height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p[v${i}]`,
  );
  return [
    `${videoIn}${videoFilter === undefined ? '' : `${videoFilter},`}fps=${frameRate},split=${n}${videoSplit}`,
    ...scaled,
    `${audioIn}${audioFilter},aresample=48000,asplit=${n}${audioSplit}`,
  ].join(';');
}

/** How a rung's output is cut. */
export interface RungCut {
  preset?: Preset;
  /** Seconds a segment: a key frame every so often, the muxer cutting at each. */
  segment?: number;
  /**
   * Instead, cut exactly at these seconds (key frames forced there, none between), each piece its
   * own segment, into `<name>_<n>.ts` listed in `<name>.m3u8` (the filler's trims).
   */
  cuts?: { at: readonly number[]; name: string };
}

/** The encoder and HLS muxer options of rung `i` of a ladder filter's outputs. */
export function rungOutputArgs(rung: Rung, i: number, outDir: string, cut: RungCut = {}): string[] {
  const segment = cut.segment ?? segmentSeconds;
  const pieces = cut.cuts;
  // With cuts, no key frame but those forced: the longest piece is the run's length at most.
  const gop = pieces === undefined ? frameRate * segment : 100_000;
  const folder = `${outDir}/${rung.height}`;
  return [
    '-map',
    `[v${i}]`,
    '-map',
    `[a${i}]`,
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-level:v',
    rung.level,
    '-preset',
    cut.preset ?? 'veryfast',
    // The High profile's own tools, which the fastest preset turns off (its stream would be
    // Constrained Baseline): every rung is then the High profile codecsOf declares, on any preset.
    '-x264-params',
    'cabac=1:8x8dct=1',
    '-b:v',
    `${rung.videoKbps}k`,
    '-maxrate',
    `${Math.round(rung.videoKbps * 1.1)}k`,
    '-bufsize',
    `${rung.videoKbps * 2}k`,
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    pieces === undefined ? `expr:gte(t,n_forced*${segment})` : pieces.at.map((t) => t.toFixed(6)).join(','),
    // The muxer cuts at the first key frame a segment's length after the last cut: with cuts, one
    // frame, so every forced key frame starts a piece.
    ...audioAndHlsArgs(pieces === undefined ? segment : 1 / frameRate),
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    pieces === undefined ? `${folder}/seg_%05d.ts` : `${folder}/${pieces.name}_%05d.ts`,
    pieces === undefined ? `${folder}/index.m3u8` : `${folder}/${pieces.name}.m3u8`,
  ];
}

/** AAC 128k 48 kHz stereo: the same for every rung and every radio. */
export const aacArgs: readonly string[] = ['-c:a', 'aac', '-b:a', `${audioKbps}k`, '-ac', '2', '-ar', '48000'];

/** AAC into VOD HLS segments (4 s). */
function audioAndHlsArgs(segment: number): string[] {
  return [...aacArgs, '-f', 'hls', '-hls_time', String(segment), '-hls_playlist_type', 'vod'];
}

/** A short ffmpeg run's opening: no banner, no questions, only errors said. */
export const quietArgs: readonly string[] = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

/** The options every ffmpeg run of the pipeline starts with: quiet, progress on stdout. */
export const commonArgs: readonly string[] = [...quietArgs, '-progress', 'pipe:1', '-nostats'];

/** An input generated by one of ffmpeg's lavfi sources (a colour, a tone, a filter graph). */
export const lavfiInput = (source: string): string[] => ['-f', 'lavfi', '-i', source];

/**
 * One ffmpeg run for the whole ladder: the source is decoded once, split, scaled and padded to
 * 16:9 per rung, and each rung written as its own HLS media playlist.
 */
export function videoEncodeArgs(encode: VideoEncode): string[] {
  const inputs = [...encode.input];
  if (!encode.hasAudio) {
    inputs.push('-f', 'lavfi', '-t', encode.durationSeconds.toFixed(3), '-i', 'anullsrc=r=48000:cl=stereo');
  }
  const filter = ladderFilter(encode.rungs, '[0:v:0]', encode.hasAudio ? '[0:a:0]' : '[1:a]');
  const outputs = encode.rungs.flatMap((rung, i) => rungOutputArgs(rung, i, encode.outDir));
  return [...commonArgs, ...inputs, '-filter_complex', filter, ...outputs];
}

/** A radio from `inputArgs` (`-i file`, or a generated source): loudness-normalised AAC in 4 s MPEG-TS segments. */
export function radioEncodeArgs(
  inputArgs: readonly string[],
  outDir: string,
  options: { segment?: number; audioFilter?: string } = {},
): string[] {
  return [
    ...commonArgs,
    ...inputArgs,
    '-map',
    '0:a:0',
    '-vn',
    '-af',
    `${options.audioFilter ?? loudnessFilter},aresample=48000`,
    ...audioAndHlsArgs(options.segment ?? segmentSeconds),
    '-hls_segment_filename',
    `${outDir}/seg_%05d.ts`,
    `${outDir}/index.m3u8`,
  ];
}

/** The radio's HLS audio as one AAC file in MP4 (.m4a) to save: the same stream, remuxed, not
 * encoded again; the index at the front so a player can start before the end arrives. */
export function audioFileArgs(playlist: string, output: string): string[] {
  return [
    ...quietArgs,
    '-i',
    playlist,
    '-map',
    '0:a:0',
    '-c',
    'copy',
    '-bsf:a',
    'aac_adtstoasc',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** A still at `atSeconds` of the source `input` reads, scaled and padded to width × height, as JPEG. */
export function previewArgs(
  input: readonly string[],
  atSeconds: number,
  width: number,
  height: number,
  output: string,
): string[] {
  return [
    ...quietArgs,
    // No seek for the start: ffmpeg seeking to 0 in a still image of a one-second frame (a cover
    // made by ffmpeg itself) writes nothing and still exits 0.
    ...(atSeconds > 0 ? ['-ss', atSeconds.toFixed(3)] : []),
    ...input,
    '-frames:v',
    '1',
    '-vf',
    `scale=w=${width}:h=${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`,
    '-q:v',
    '3',
    output,
  ];
}
