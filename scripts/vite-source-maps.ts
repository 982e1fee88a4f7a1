// A Vite plugin for both apps' builds: the source maps are made (for the team, to read a stack
// from the field) but kept beside the build, in `dist-maps/`, never in what the site serves, and
// the served files do not name them (`sourcemap: 'hidden'`).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export function sourceMapsAside(): Plugin {
  let mapsDir = '';
  return {
    name: 'efir-source-maps-aside',
    apply: 'build',
    configResolved(config) {
      mapsDir = join(config.root, 'dist-maps');
    },
    buildStart() {
      rmSync(mapsDir, { recursive: true, force: true });
    },
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== 'asset') continue;
        // A script copied as it is (hls.js's worker) may still name its own map.
        if (fileName.endsWith('.js')) {
          const text = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
          output.source = text.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '\n');
          continue;
        }
        if (!fileName.endsWith('.map')) continue;
        const file = join(mapsDir, fileName);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, output.source);
        // Out of the bundle: Vite writes nothing of it under dist/.
        Reflect.deleteProperty(bundle, fileName);
      }
    },
  };
}
