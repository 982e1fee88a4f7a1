// Builds the web app (apps/web/dist) only when what the build reads changed: a restart with
// nothing changed must not spend half a minute off air rebuilding the same files. The stamp (a
// hash of the build's inputs) lives inside dist, so any other build (Vite empties dist first)
// removes it and the next start builds again. `--force` builds whatever the stamp says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps', 'web', 'dist');
const stampFile = join(dist, '.efir-build-stamp');
const inputs = ['apps/web', 'packages/contract', 'package-lock.json', 'tsconfig.base.json'];
const skipped = new Set(['dist', 'node_modules']);

/** Every file under `path`, sorted, tests and build output aside (they never reach the build). */
function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !skipped.has(entry.name) && !/\.test\.tsx?$/u.test(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => (entry.isDirectory() ? files(join(path, entry.name)) : [join(path, entry.name)]));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
const complete = existsSync(join(dist, 'index.html')) && existsSync(join(dist, '.vite', 'manifest.json'));
if (process.argv.includes('--force') || built !== wanted || !complete) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`efir: building the web app failed (exit code ${result.status})`);
    process.exit(1);
  }
  writeFileSync(stampFile, `${wanted}\n`);
}
