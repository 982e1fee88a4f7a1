// media-captions ships its types as extensionless ESM re-exports, which this project's `nodenext`
// resolution cannot follow: the part used here, as the package's own dist/types declare it.
declare module 'media-captions' {
  export class ParseError extends Error {
    readonly code: number;
    readonly line: number;
  }
  export interface VTTCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
  }
  export interface ParsedCaptionsResult {
    cues: VTTCue[];
    errors: ParseError[];
  }
  export function parseVTTTimestamp(timestamp: string): number | null;
  export function parseText(
    text: string,
    options?: { strict?: boolean; type?: 'vtt' | 'srt' | 'ssa' | 'ass' },
  ): Promise<ParsedCaptionsResult>;
}
