// Attaches an HLS source to a media element: natively where the browser plays HLS itself
// (Safari, iOS), else through hls.js, which is loaded only now, when a screen plays something.
// hls.js's ES module build cannot make its transmuxing worker by itself: it is given the worker's
// file, so segments are remuxed off the main thread and the page stays responsive while it plays.
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

export interface HlsAttachment {
  /** Releases the source and hls.js, if it was used. */
  detach: () => void;
}

export function playsHlsNatively(media: HTMLMediaElement): boolean {
  return media.canPlayType('application/vnd.apple.mpegurl') !== '';
}

export async function attachHls(
  media: HTMLMediaElement,
  url: string,
  onFatal: (error: unknown) => void,
): Promise<HlsAttachment> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported() && playsHlsNatively(media)) {
    media.src = url;
    return {
      detach: () => {
        media.removeAttribute('src');
        media.load();
      },
    };
  }
  const hls = new Hls({ enableWorker: true, workerPath: hlsWorkerUrl });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal(data.error);
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    detach: () => {
      hls.destroy();
    },
  };
}

/** Starts loading hls.js ahead of need, for a screen that will play at once (the live player). */
export function preloadHls(): void {
  import('hls.js/light').catch((error: unknown) => {
    console.error(error);
  });
}
