// The real server process against clients that hold connections open for nothing (docs/SECURITY.md,
// "HTTP"): one that announces a body and never sends it, one that trickles its headers, on both
// ports, with the timeouts set short; and the data it writes, which only its owner may read.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl } from '@efir/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from './free-port.ts';
import { localServerEnv, type ServerProcess, startServer, waitForApi } from './server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'efir-server-http-'));
const [port = 0, mediaPort = 0] = await freePorts(2);
const requestTimeoutSeconds = 2;
const headersTimeoutSeconds = 1;
let server: ServerProcess;

beforeAll(async () => {
  // Left open, as a data folder made by hand or by an older version may be.
  chmodSync(dataDir, 0o755);
  server = startServer({
    ...localServerEnv(port, mediaPort, dataDir),
    REQUEST_TIMEOUT_SECONDS: String(requestTimeoutSeconds),
    HEADERS_TIMEOUT_SECONDS: String(headersTimeoutSeconds),
  });
  await waitForApi(`http://127.0.0.1:${port}${apiUrl('videoCategories')}`, 60_000);
  // A server just started is still laying out its channels and reading its catalogue, its event
  // loop busy for moments at a time, and a connection is checked only when the loop is free: the
  // cuts are timed once it answers at once, again and again, on both ports.
  for (const at of [port, mediaPort]) await answersAtOnce(`http://127.0.0.1:${String(at)}/health/live`);
}, 130_000);

/** Resolves once five requests in a row are each answered within 50 ms (at most a minute). */
async function answersAtOnce(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 5) {
    if (Date.now() > deadline) throw new Error(`${url} never answered at once five times in a row`);
    const started = performance.now();
    await fetch(url).then((response) => response.arrayBuffer());
    quick = performance.now() - started < 50 ? quick + 1 : 0;
  }
}

afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Connects, writes `start`, then `more` every `everyMs` until the server closes the connection;
 * resolves with what it answered and how long the connection lived. */
function holdOpen(
  to: number,
  start: string,
  more?: { text: string; everyMs: number },
): Promise<{ answer: string; seconds: number }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    const socket = connect(to, '127.0.0.1', () => {
      socket.write(start);
      if (more !== undefined) drip = setInterval(() => socket.write(more.text), more.everyMs);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      resolve({ answer, seconds: (Date.now() - opened) / 1000 });
    });
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open'));
    }, 15_000);
  });
}

describe.each([
  ['the site', () => port],
  ['the media port', () => mediaPort],
])('%s', (_name, portOf) => {
  it('cuts a request that announces a body and sends none, answering 408 {detail}', async () => {
    const { answer, seconds } = await holdOpen(
      portOf(),
      `POST ${apiUrl('chatPost', { params: { room: 'teleprogram', id: 1 } })} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
    );
    expect(seconds).toBeGreaterThanOrEqual(requestTimeoutSeconds - 0.5);
    // Connections are checked four times a second: cut within a second of the timeout.
    expect(seconds).toBeLessThan(requestTimeoutSeconds + 1);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /u);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({ detail: 'The request took too long to arrive.' });
  }, 20_000);

  it('cuts a client that sends its headers a line at a time', async () => {
    const { seconds } = await holdOpen(portOf(), 'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n', {
      text: 'X-Slow: 1\r\n',
      everyMs: 200,
    });
    expect(seconds).toBeLessThan(headersTimeoutSeconds + 1);
  }, 20_000);

  it('still answers a client that sends its request at once', async () => {
    const response = await fetch(`http://127.0.0.1:${portOf()}/health/live`);
    expect(response.status).toBe(200);
  });
});

it('leaves nothing under DATA_DIR that another account may read, write or enter', () => {
  const open: string[] = [];
  const walk = (path: string): void => {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0) open.push(`${path} ${mode.toString(8)}`);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dataDir);
  expect(readdirSync(dataDir).length).toBeGreaterThan(1);
  expect(open).toEqual([]);
});
