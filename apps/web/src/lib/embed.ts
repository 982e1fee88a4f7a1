// The video's external frame: only an https embed address of a known video host is shown, and
// then in a sandboxed iframe (ARCHITECTURE §4). Anything else is dropped.
import { embedHosts } from '@efir/contract';

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
