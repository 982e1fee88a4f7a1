// How the site's and the command line's processes load their modules sooner. Node keeps the
// compiled code of the modules it loads (V8's code cache) under node_modules/.cache. And Node's
// package scope lookup parses a package's whole `exports` again for every file it resolves, and
// for every import of the package by name (drizzle-orm: 179 kB of exports, 438 files, imported by
// name from 62 of ours: 1.6 s of a 2-core machine's restart), so a relative import inside an
// ES-module package is resolved here without it, and an import by name once per directory.
// Called before anything else loads.
import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const compileCache = new URL('../../../../node_modules/.cache/node-compile-cache', import.meta.url);

/** Whether the nearest package.json above a directory says `"type": "module"`, read once each. */
export function packageTypes(): (directory: string) => boolean {
  const known = new Map<string, boolean>();
  const isModule = (directory: string): boolean => {
    const cached = known.get(directory);
    if (cached !== undefined) return cached;
    const manifest = join(directory, 'package.json');
    const parent = dirname(directory);
    let answer: boolean;
    if (existsSync(manifest)) {
      try {
        answer = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown }).type === 'module';
      } catch {
        answer = false;
      }
    } else answer = parent === directory ? false : isModule(parent);
    known.set(directory, answer);
    return answer;
  };
  return isModule;
}

/**
 * The address and format of a relative `.js`/`.mjs` import made by a file inside node_modules whose
 * package is ES modules, as Node's own resolution would give them; else undefined, and Node
 * resolves it (our own sources, bare names, CommonJS and untyped packages, other extensions).
 */
export function fastResolution(
  specifier: string,
  parentUrl: string | undefined,
  isModule: (directory: string) => boolean,
): { url: string; format: 'module' } | undefined {
  if (parentUrl?.startsWith('file:') !== true || !parentUrl.includes('/node_modules/')) return undefined;
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  if (!/\.m?js$/u.test(specifier)) return undefined;
  const url = new URL(specifier, parentUrl);
  if (!url.pathname.includes('/node_modules/')) return undefined;
  if (!specifier.endsWith('.mjs') && !isModule(dirname(fileURLToPath(url)))) return undefined;
  return { url: url.href, format: 'module' };
}

/** A package's name (and maybe a path in it) rather than a path, an address or a built-in. */
export const byName = (specifier: string): boolean => /^(?:@[\w.-]+\/)?[\w-][\w.-]*(?:\/|$)/u.test(specifier);

export function speedUpModuleLoading(): void {
  enableCompileCache(fileURLToPath(compileCache));
  const isModule = packageTypes();
  // Where a name leads depends only on the importing file's folder (the node_modules above it) and
  // the conditions asked.
  const named = new Map<string, { url: string; format?: string | null | undefined }>();
  registerHooks({
    resolve: (specifier, context, nextResolve) => {
      const fast = fastResolution(specifier, context.parentURL, isModule);
      if (fast !== undefined) return { ...fast, shortCircuit: true };
      if (context.parentURL === undefined || !byName(specifier)) {
        return nextResolve(specifier, context);
      }
      const key = `${dirname(context.parentURL)}\0${context.conditions.join(',')}\0${specifier}`;
      const known = named.get(key);
      if (known !== undefined) return { ...known, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      if (resolved.url.startsWith('file:')) named.set(key, { url: resolved.url, format: resolved.format });
      return resolved;
    },
  });
}
