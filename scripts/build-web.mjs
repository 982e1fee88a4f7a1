// Builds the browser apps (the site's, apps/web/dist, and the studio's, apps/studio/dist) only when
// what a build reads changed: a restart with nothing changed must not spend half a minute off air
// rebuilding the same files. Each app's stamp (a hash of its build's inputs, and how they looked:
// paths, sizes, times) lives inside its dist, so any other build (Vite empties dist first) removes
// it and the next start builds again. `--force` builds whatever the stamps say.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['packages/contract', 'package-lock.json', 'tsconfig.base.json', 'scripts/vite-precompress.ts'];
const apps = [
  // The server reads the site's manifest to know each screen's files.
  { app: 'apps/web', complete: ['index.html', '.vite/manifest.json'] },
  { app: 'apps/studio', complete: ['index.html'] },
];
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

function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The inputs' paths, sizes and modification times: while they are as the stamp noted them, their
 * contents are not read again (a start's check takes 10 ms instead of 120). */
function inputsLook(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files)) {
    const { size, mtimeMs } = statSync(join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
for (const { app, complete } of apps) {
  const dist = join(root, app, 'dist');
  const stampFile = join(dist, '.efir-build-stamp');
  const inputs = [app, ...shared];
  const [builtHash = '', builtLook = ''] = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').split('\n') : [];
  const whole = complete.every((file) => existsSync(join(dist, file)));
  const look = inputsLook(inputs);
  if (!force && whole && look === builtLook) continue;
  const wanted = inputsHash(inputs);
  // Touched, not changed (a checkout, a copy): the build stands, and the stamp notes how they look now.
  if (!force && whole && builtHash === wanted) {
    writeFileSync(stampFile, `${wanted}\n${look}\n`);
    continue;
  }
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', app, '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`efir: building ${app} failed (exit code ${result.status})`);
    process.exit(1);
  }
  writeFileSync(stampFile, `${wanted}\n${look}\n`);
}
