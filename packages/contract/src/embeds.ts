// The external video players a video's `youtubeIframe` may name (ARCHITECTURE §4): the web app
// shows only an https address of one of these hosts and paths, and the site's Content-Security-Policy
// lets frames come from these hosts alone.

export const embedHosts: readonly (readonly [host: string, path: RegExp])[] = [
  ['www.youtube.com', /^\/embed\/[\w-]+$/u],
  ['www.youtube-nocookie.com', /^\/embed\/[\w-]+$/u],
  ['player.vimeo.com', /^\/video\/\d+$/u],
  ['rutube.ru', /^\/play\/embed\/[\w-]+\/?$/u],
  ['vk.com', /^\/video_ext\.php$/u],
  ['vkvideo.ru', /^\/video_ext\.php$/u],
];

/** The address itself when it is an https embed address of one of `embedHosts`, else undefined. */
export function safeEmbedUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  const allowed = embedHosts.some(([host, path]) => url.hostname === host && path.test(url.pathname));
  return allowed ? url.toString() : undefined;
}
