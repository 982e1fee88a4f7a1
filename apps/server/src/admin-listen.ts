// Where the operators' calls (/api/admin) answer (ADMIN_LISTEN): by default on the site's port, to
// connections from this machine that no proxy passed on; or on a port of their own, and then only
// there. The token guards them either way; this keeps them off the port the public reaches.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { adminPrefix } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { localUrl } from './lib/address.ts';
import { requestTimeoutOptions, type RequestTimeouts } from './lib/request-timeouts.ts';

/** Who may reach the operators' calls, and what a request from elsewhere is told. */
export interface AdminReach {
  answers(request: IncomingMessage): boolean;
  refusal: string;
}

const loopback = (address: string | undefined): boolean =>
  address !== undefined && /^(127\.|::1$|::ffff:127\.)/u.test(address);

/** Headers a proxy adds: a request passed on by one on this machine is not this machine's own. */
const proxyHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** The default: the site's port, this machine's own connections (never a proxy's, whose peer is
 * the loopback too). */
export const thisMachineOnly: AdminReach = {
  answers: (request) =>
    loopback(request.socket.remoteAddress) && proxyHeaders.every((name) => request.headers[name] === undefined),
  refusal: "The operators' calls answer only to this machine, not through a proxy (ADMIN_LISTEN).",
};

const isAdminPath = (url: string | undefined): boolean =>
  url !== undefined && (url === adminPrefix || url.startsWith(`${adminPrefix}/`) || url.startsWith(`${adminPrefix}?`));

/** A port of the operators' own: its connections reach /api/admin, and nothing else; the site's
 * port no longer answers them. */
export class AdminPort implements AdminReach {
  readonly refusal = "The operators' calls answer on their own port (ADMIN_LISTEN), not here.";
  readonly #sockets = new WeakSet<Socket>();
  readonly #server: Server;

  constructor(timeouts?: RequestTimeouts) {
    this.#server = createServer(timeouts === undefined ? {} : requestTimeoutOptions(timeouts));
    this.#server.on('connection', (socket) => this.#sockets.add(socket));
  }

  answers = (request: IncomingMessage): boolean => this.#sockets.has(request.socket);

  /** Listens, handing the operators' calls to the site's app; answers its address. */
  async listen(app: FastifyInstance, where: { host: string; port: number }): Promise<string> {
    this.#server.on('request', (request, response) => {
      if (isAdminPath(request.url)) {
        app.routing(request, response);
        return;
      }
      response
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ detail: `Only the operators' calls (${adminPrefix}) answer on this port.` }));
    });
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(where.port, where.host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    const address = this.#server.address();
    return localUrl(where.host, address !== null && typeof address === 'object' ? address.port : where.port);
  }

  async close(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
    this.#server.closeAllConnections();
    await closed;
  }
}
