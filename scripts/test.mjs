// Runs the Vitest suite, then the browser tests (Playwright, Debian's Chromium), and closes with
// one plain line, `N passed, N failed, N skipped`, that any CI can read. Arguments go to Vitest;
// E2E=0 skips the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const runStarted = Date.now();
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
/** Seconds each test file took, by file, for the slowest-ten list. */
const fileSeconds = new Map();
/** Each failed test, with its error's first lines: repeated last, where a CI log's tail shows them. */
const failures = [];
const firstLines = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .slice(0, 4)
    .join('\n      ');
try {
  const results = JSON.parse(readFileSync(unitReport, 'utf8'));
  counts.passed += results.numPassedTests;
  counts.failed += results.numFailedTests;
  counts.skipped += results.numPendingTests + results.numTodoTests;
  if (results.numTotalTests === 0) problems.push('no unit test ran');
  for (const file of results.testResults) {
    fileSeconds.set(relative(process.cwd(), file.name), (file.endTime - file.startTime) / 1000);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const name = [...(test.ancestorTitles ?? []), test.title].join(' › ');
      failures.push(`${relative(process.cwd(), file.name)} › ${name}\n      ${firstLines(test.failureMessages?.[0])}`);
    }
  }
} catch {
  problems.push('the unit tests wrote no results');
}
if (runE2e) {
  try {
    const report = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const { stats } = report;
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
    // A spec's time: its tests' (the first one's includes its site's start), in every project.
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        const file = join('e2e', spec.file);
        const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
        fileSeconds.set(file, (fileSeconds.get(file) ?? 0) + ms / 1000);
        for (const test of spec.tests) {
          if (test.status !== 'unexpected') continue;
          const error = test.results.at(-1)?.error?.message;
          failures.push(`${file}:${spec.line} › ${spec.title} [${test.projectName}]\n      ${firstLines(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites) walk(suite);
  } catch {
    problems.push('the browser tests wrote no results');
  }
}
rmSync(dir, { recursive: true, force: true });
const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
if (slowest.length > 0) {
  console.log('tests: the ten slowest files');
  for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}
console.log(`tests: the whole run took ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
if (unit.status !== 0 && counts.failed === 0) {
  problems.push(`vitest exited with ${unit.status ?? unit.signal} though no test failed`);
  if (unhandledAt >= 0) console.log(unitOutput.slice(unhandledAt, unhandledAt + 6000));
}
if (failures.length > 0) console.log(`tests: what failed\n${failures.map((failure) => `  ${failure}`).join('\n')}`);
if (problems.length > 0) counts.failed = Math.max(counts.failed, 1);
for (const problem of problems) console.log(`tests: ${problem}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(unit.status === 0 && e2e.status === 0 && problems.length === 0 ? 0 : 1);
