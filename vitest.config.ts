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
    // One file more than cores: most files wait on ffmpeg, a database, a timer or a child process
    // part of the time, and with one file per core the cores idled then (on two cores: 217 s with
    // three files at once against 230–251 s with two). Vitest's own default leaves one core out.
    maxWorkers: Math.max(2, availableParallelism()) + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
