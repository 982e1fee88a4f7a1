// One address cannot hold the node's event streams: past `eventStreamsPerAddress` open at once a
// new one is a 429 {detail}, and a stream closed makes room for another. The node then closes at
// once with a hundred streams open and one gone.
import { apiPrefix, eventStreamPath, eventStreamsPerAddress } from '@efir/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from './app.ts';
import { type OpenStream, openStream } from './event-stream.ts';

const site = useTestApp();
let base = '';
const streams: OpenStream[] = [];

beforeAll(async () => {
  await site().app.listen({ port: 0, host: '127.0.0.1' });
  const address = site().app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${String(address.port)}`;
});

const url = (): string => `${base}${apiPrefix}${eventStreamPath}?topics=polls`;

it(`holds ${String(eventStreamsPerAddress)} streams from one address, refuses the next, and takes one again when one closes`, async () => {
  for (let i = 0; i < eventStreamsPerAddress; i += 1) streams.push(await openStream(base, 'polls'));
  const refused = await fetch(url());
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ detail: expect.any(String) as string });
  streams.pop()?.close();
  // The server lets the closed one go as the connection ends.
  await expect
    .poll(async () => {
      const again = await fetch(url());
      await again.body?.cancel();
      return again.status;
    })
    .toBe(200);
  // The rest stay open: the node's closing ends them, and with them their connections (kept
  // alive, one would hold the closing node past the file's time).
});
