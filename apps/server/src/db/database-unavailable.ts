// Tells a database that cannot answer now (stopped, frozen, restarting, out of connections) from
// a query that is wrong: the first is a 503 the caller may retry, the second a bug. Drizzle wraps
// the driver's error in its own, so the whole cause chain is looked at.

/** Connection exception (08), insufficient resources (53), operator intervention (57P0x). */
const unavailableClasses = ['08', '53'];
const unavailableCodes = new Set([
  // query_canceled: what statement_timeout raises on a database that does not answer in time.
  '57014',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down).
  '57P01',
  '57P02',
  '57P03',
  // The socket's own failures, from Node.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
/** node-postgres and its pool say these in plain messages, without a code. */
const unavailableMessages = [
  'Query read timeout',
  'timeout expired',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function saysUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (unavailableCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/u.test(code) && unavailableClasses.includes(code.slice(0, 2))) return true;
  }
  const message = error instanceof Error ? error.message : undefined;
  return message !== undefined && unavailableMessages.some((known) => message.startsWith(known));
}

/** True when `error`, or anything it was caused by, says the database is unreachable or timed out. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (saysUnavailable(next)) return true;
    pending.push((next as { cause?: unknown }).cause);
    // A host with several addresses refuses on each: Node gathers them in an AggregateError.
    if (next instanceof AggregateError) pending.push(...(next.errors as unknown[]));
  }
  return false;
}
