// The video's external frame: only an https embed address of a known video host is shown, and
// then in a sandboxed iframe (ARCHITECTURE §4). Anything else is dropped.

const embedHosts: readonly [host: string, path: RegExp][] = [
  ['www.youtube.com', /^\/embed\/[\w-]+$/u],
  ['www.youtube-nocookie.com', /^\/embed\/[\w-]+$/u],
  ['player.vimeo.com', /^\/video\/\d+$/u],
  ['rutube.ru', /^\/play\/embed\/[\w-]+\/?$/u],
  ['vk.com', /^\/video_ext\.php$/u],
  ['vkvideo.ru', /^\/video_ext\.php$/u],
];

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
