// hls.js ships its light build (no subtitles, alternate audio or DRM, which Efir does not use)
// without its own types; they are the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
