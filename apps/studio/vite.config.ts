import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';

// The studio lives under /studio/ on the site's port (apps/server/src/app.ts serves the build).
export default defineConfig({
  root: import.meta.dirname,
  base: '/studio/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
});
