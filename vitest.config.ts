import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

export default defineConfig({
  test: {
    // A test left focused with .only fails the run in CI rather than skipping the rest.
    allowOnly: !ci,
    include: ['apps/**/*.test.ts', 'apps/**/*.test.tsx', 'packages/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // One file per core: most files wait on ffmpeg, a database or a child process much of the time
    // (Vitest's own default leaves one core out, which on two cores is one file at a time).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
