// Runs the Vitest suite, then the browser tests (Playwright, Debian's Chromium), and closes with
// one plain line, `N passed, N failed, N skipped`, that any CI can read. Arguments go to Vitest;
// E2E=0 skips the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = mkdtempSync(join(tmpdir(), 'efir-tests-'));
const unitReport = join(dir, 'vitest.json');
const e2eReport = join(dir, 'e2e.json');

// Vitest's output goes through as it comes and is kept, so that an unhandled error, which fails the
// run without failing a test, can be repeated at the end where a CI log's tail shows it.
const unit = await new Promise((resolve) => {
  const child = spawn(
    'vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`, ...process.argv.slice(2)],
    { stdio: ['inherit', 'pipe', 'inherit'] },
  );
  const chunks = [];
  child.stdout.on('data', (chunk) => {
    chunks.push(chunk);
    process.stdout.write(chunk);
  });
  child.on('close', (status, signal) => resolve({ status, signal, output: Buffer.concat(chunks).toString('utf8') }));
});
const unitOutput = stripVTControlCharacters(unit.output);
const unhandledAt = unitOutput.indexOf('Unhandled Error');
const runE2e = process.env.E2E !== '0' && process.argv.length === 2;
const e2e = runE2e
  ? spawnSync('playwright', ['test', '-c', 'e2e/playwright.config.ts'], {
      stdio: 'inherit',
      env: { ...process.env, E2E_REPORT: e2eReport },
    })
  : { status: 0 };

const counts = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
try {
  const results = JSON.parse(readFileSync(unitReport, 'utf8'));
  counts.passed += results.numPassedTests;
  counts.failed += results.numFailedTests;
  counts.skipped += results.numPendingTests + results.numTodoTests;
  if (results.numTotalTests === 0) problems.push('no unit test ran');
} catch {
  problems.push('the unit tests wrote no results');
}
if (runE2e) {
  try {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
  } catch {
    problems.push('the browser tests wrote no results');
  }
}
rmSync(dir, { recursive: true, force: true });
if (unit.status !== 0 && counts.failed === 0) {
  problems.push(`vitest exited with ${unit.status ?? unit.signal} though no test failed`);
  if (unhandledAt >= 0) console.log(unitOutput.slice(unhandledAt, unhandledAt + 6000));
}
if (problems.length > 0) counts.failed = Math.max(counts.failed, 1);
for (const problem of problems) console.log(`tests: ${problem}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(unit.status === 0 && e2e.status === 0 && problems.length === 0 ? 0 : 1);
