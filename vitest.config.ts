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
    // One file per core. One more ran faster on an idle machine (217 s with three files at once on
    // two cores against 230–251 s with two), but on a slower one (Vitest 11 min, a load of 10) the
    // niced ffmpeg of the ingest tests starved behind the third file until a job ran out of its time.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
