// A request's id in the logs, the jobs it queues and its answer's `x-request-id`: the caller's
// when it is well formed (a proxy's `$request_id` ties its access log to ours), else a new UUID, so
// ids stay unique across nodes and restarts (Fastify's own count starts again at each start).
import { requestIdHeader, requestIdPattern } from '@efir/contract';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
}
