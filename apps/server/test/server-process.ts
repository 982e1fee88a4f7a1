// The real server process as `npm start` runs it (src/server.ts on this Node), for the tests that
// start, stop and kill it.
import { type ChildProcess, spawn } from 'node:child_process';
import { preparedMediaEnv } from '../src/config.ts';

const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number>;
}

/** A server of its own on 127.0.0.1: `port` for the site, `mediaPort` for media, no demo media. */
export function localServerEnv(port: number, mediaPort: number, dataDir: string) {
  return {
    PORT: String(port),
    MEDIA_PORT: String(mediaPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_MEDIA: 'off',
  };
}

/** A child process's environment: `env`, with this one's PATH and its way to the prepared media. */
export function childEnv<Env extends Record<string, string>>(env: Env): Record<string, string> & Env {
  return { PATH: process.env.PATH ?? '', ...preparedMediaEnv(process.env), ...env };
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [serverEntry], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number>((resolve) => {
    child.on('exit', (code) => {
      resolve(code ?? -1);
    });
  });
  return { child, output: () => output, exited };
}

export async function waitForApi(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
