// Whether the demo's items can be played: every video and radio the site lists (both catalogues,
// every page, and every day of both channels' schedules, ads and premieres included) has its media
// link, its playlist (a video's master and first rung) answers and its first segment loads. For
// the first-start benchmark and the browser test of a fresh start.
import { createApiClient } from '@efir/contract';

/** The text of a URL when it answers 200 within 5 s. */
async function fetched(url: URL): Promise<Response | undefined> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
  return answer?.ok === true ? answer : undefined;
}

/** The first URI a playlist lists (a variant or a segment), resolved against it. */
async function firstListed(url: URL): Promise<URL | undefined> {
  const text = await (await fetched(url))?.text();
  const line = text?.split('\n').find((entry) => entry.trim() !== '' && !entry.startsWith('#'));
  return line === undefined ? undefined : new URL(line.trim(), url);
}

/** Whether a video's master (or a radio's) playlist answers and its first segment loads. */
async function playable(site: string, link: string, master: boolean): Promise<boolean> {
  let playlist: URL | undefined = new URL(link, site);
  if (master) playlist = await firstListed(playlist);
  const segment = playlist === undefined ? undefined : await firstListed(playlist);
  const bytes = segment === undefined ? undefined : await (await fetched(segment))?.arrayBuffer();
  return (bytes?.byteLength ?? 0) > 0;
}

/** Every video and radio the site lists, by `v<id>` / `r<id>`, with its media link ('' when none). */
async function listedItems(site: string): Promise<Map<string, string> | undefined> {
  const api = createApiClient({ baseUrl: site });
  const items = new Map<string, string>();
  try {
    for (let page = 1; ; page += 1) {
      const { results } = await api('videoCatalogue', { query: { page } });
      for (const entry of results) items.set(`v${entry.id}`, entry.link_video);
      if (results.length === 0 || page * 30 >= 10_000) break;
    }
    for (let page = 1; ; page += 1) {
      const { results } = await api('radioCatalogue', { query: { page } });
      for (const entry of results) items.set(`r${entry.id}`, entry.link_radio);
      if (results.length === 0 || page * 30 >= 10_000) break;
    }
    for (const day of await api('teleprogramList', {})) {
      const { results } = await api('teleprogramVideosWithAds', { params: { id: day.id } });
      for (const entry of results) items.set(`v${entry.video.id}`, entry.video.link_video);
    }
    for (const day of await api('radioprogramList', {})) {
      const { results } = await api('radioprogramRadiosWithAds', { params: { id: day.id } });
      for (const entry of results) items.set(`r${entry.radio.id}`, entry.radio.link_radio);
    }
  } catch {
    return undefined;
  }
  return items;
}

/** Checks what is not yet known playable; answers how many of the listed items are not yet. */
export async function notYetPlayable(site: string, known: Set<string>): Promise<{ listed: number; left: number }> {
  const items = await listedItems(site);
  if (items === undefined) return { listed: 0, left: Number.POSITIVE_INFINITY };
  let left = 0;
  for (const [key, link] of items) {
    if (known.has(key)) continue;
    if (link !== '' && (await playable(site, link, key.startsWith('v')))) known.add(key);
    else left += 1;
  }
  return { listed: items.size, left };
}
