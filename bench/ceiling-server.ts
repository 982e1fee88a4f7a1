// The ceiling: a bare node:http server that answers the benchmarked URLs with fixed JSON bytes held
// in memory, so it measures what this machine's HTTP stack can do with no framework and no database.
//
// Usage: node bench/ceiling-server.ts <port> <bodies.json>
// where bodies.json is `{ "<path and query>": "<body, base64>", ... }`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [portArg, bodiesPath] = process.argv.slice(2);
const port = Number(portArg);
if (!Number.isInteger(port) || port < 1 || port > 65_535 || bodiesPath === undefined) {
  console.error('usage: node bench/ceiling-server.ts <port> <bodies.json>');
  process.exit(2);
}

const parsed: unknown = JSON.parse(readFileSync(bodiesPath, 'utf8'));
if (typeof parsed !== 'object' || parsed === null) throw new Error(`${bodiesPath}: not an object`);

interface Answer {
  body: Buffer;
  headers: Record<string, string>;
}

const answers = new Map<string, Answer>();
for (const [url, encoded] of Object.entries(parsed)) {
  if (typeof encoded !== 'string') throw new Error(`${bodiesPath}: the body of ${url} is not a string`);
  const body = Buffer.from(encoded, 'base64');
  answers.set(url, {
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) },
  });
}

const notFound = Buffer.from('{"detail":"Not found."}');

// The benchmark's uncached runs make each URL distinct with a last `n=<count>`: the same answer.
const distinctSuffix = /[?&]n=\d+$/u;

const server = createServer((request, response) => {
  const answer = answers.get((request.url ?? '').replace(distinctSuffix, ''));
  if (answer === undefined) {
    response.writeHead(404, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(notFound.length),
    });
    response.end(notFound);
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});

server.listen(port, '127.0.0.1');

const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
