import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apiPrefix, callRoutes } from '@efir/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes a .br and a .gz beside every text asset of the build, which the server sends to browsers
 * that accept them, so nothing is compressed per request. */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'efir-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/u.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The page's early request of its words names the call's path from the contract's route table. */
function translationsPath(): Plugin {
  return {
    name: 'efir-translations-path',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('__EFIR_TRANSLATIONS_PATH__', `${apiPrefix}${callRoutes.translations.path}`),
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), translationsPath(), precompress()],
  // The manifest tells the server which files each screen loads (apps/server/src/web/screen-files.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
