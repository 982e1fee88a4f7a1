import { apiPrefix, callRoutes } from '@efir/contract';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { sourceMapsAside } from '../../scripts/vite-source-maps.ts';

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
  plugins: [react(), translationsPath(), sourceMapsAside(), precompress()],
  // The manifest tells the server which files each screen loads (apps/server/src/web/screen-files.ts).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', manifest: true },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
