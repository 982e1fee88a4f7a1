// How long a client may take to send a request before its connection is cut (docs/SECURITY.md,
// "HTTP"): a client that announces a body and sends nothing, or trickles its headers, holds a
// connection and its memory for nothing. Answers are not bound by these: a long download or a
// live stream's polling goes on as long as the client reads.
import type { ServerOptions } from 'node:http';
import type { Config } from '../config.ts';

export type RequestTimeouts = Pick<Config, 'requestTimeoutSeconds' | 'headersTimeoutSeconds'>;

/** Options of node:http's server that enforce `timeouts`. */
export function requestTimeoutOptions(timeouts: RequestTimeouts): ServerOptions {
  return {
    requestTimeout: timeouts.requestTimeoutSeconds * 1000,
    headersTimeout: timeouts.headersTimeoutSeconds * 1000,
    // Node looks for expired requests only this often (30 s by default, which would let a stalled
    // request live up to twice its timeout): a request is cut within a quarter second of its
    // timeout. A pass over the open connections costs microseconds, even over thousands.
    connectionsCheckingInterval: 250,
  };
}
