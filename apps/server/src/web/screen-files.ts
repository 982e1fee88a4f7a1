// The build files a screen of the web app needs, read from Vite's manifest, so that the page's HTML
// asks for them next to the app's entry instead of after it ran: one round trip less before the
// screen shows. The router loads each screen's module lazily (apps/web/src/app/router.tsx).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Vite's `.vite/manifest.json`: chunks by their source path (or `_name` for shared chunks). */
export type ViteManifest = Record<string, ManifestChunk>;

export interface ScreenFiles {
  /** Absolute paths of JavaScript modules, the screen's own first. */
  scripts: string[];
  /** Absolute paths of style sheets. */
  styles: string[];
}

/** The screens, named as the router names its lazy routes' files. */
export const screens = [
  'home',
  'radio',
  'teleprogram',
  'radioprogram',
  'catalog',
  'radio-catalog',
  'about',
  'video',
  'search',
] as const;
export type Screen = (typeof screens)[number];

export const screenModule = (screen: Screen): string => `src/app/routes/${screen}.tsx`;

export function readManifest(webDist: string): ViteManifest | undefined {
  const path = join(webDist, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ViteManifest) : undefined;
}

/** Every chunk reachable by static imports from `keys`. */
function reachable(manifest: ViteManifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/** What `screen` loads beyond the entry, which the HTML loads anyway; undefined for a screen the
 * build does not have. hls.js is not among them: a screen that plays asks for it once its first
 * frame is painted, so it does not share the phone's bandwidth with what that frame needs. */
export function screenFiles(manifest: ViteManifest, screen: Screen): ScreenFiles | undefined {
  const key = screenModule(screen);
  if (manifest[key] === undefined) return undefined;
  const entries = Object.keys(manifest).filter((name) => manifest[name]?.isEntry === true);
  const loaded = reachable(manifest, entries);
  const needed = [...reachable(manifest, [key])].filter((name) => !loaded.has(name));
  const chunks = needed.map((name) => manifest[name]).filter((chunk) => chunk !== undefined);
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
  };
}
