// The gate's static checks side by side (each takes most of one core): the type check, the linter
// and the format check. Each one's output is printed whole when it ends; any failure fails the run.
import { spawn } from 'node:child_process';

const checks = ['typecheck', 'lint', 'format:check'];

const results = await Promise.all(
  checks.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (status) => {
          const text = Buffer.concat(output).toString('utf8').trimEnd();
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          console.log(`checks: ${name} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
          if (text !== '') console.log(text);
          resolve(status === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
