import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { sourceMapsAside } from '../../scripts/vite-source-maps.ts';

// The studio lives under /studio/ on the site's port (apps/server/src/app.ts serves the build).
export default defineConfig({
  root: import.meta.dirname,
  base: '/studio/',
  plugins: [react(), sourceMapsAside(), precompress()],
  // The shell (React, the router, the query cache and the contract's schemas that check every
  // form) is one chunk of about 540 kB, 145 kB brotli: loaded once by staff, cached after; each
  // screen is a chunk of its own.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: 'hidden', chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
});
