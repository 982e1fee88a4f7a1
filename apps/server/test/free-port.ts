import { createServer } from 'node:net';

/** True when nothing listens on `port` of 127.0.0.1 (someone may take it right after). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

/** `count` different ports nothing listens on now on 127.0.0.1 (someone may take one right after):
 * held open together while the system picks them, so no two are the same. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    probes.map(
      (probe) =>
        new Promise<number>((resolve, reject) => {
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => {
            const address = probe.address();
            if (address === null || typeof address === 'string') reject(new Error('no port'));
            else resolve(address.port);
          });
        }),
    ),
  );
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/** A port nothing listens on now on 127.0.0.1 (someone may take it right after). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}
