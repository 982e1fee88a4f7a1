// Read-mostly answers (catalogues, schedules, slideshows, search) are served from memory for a
// moment: a thousand visitors opening the same page cost one query. Concurrent misses of one
// answer wait for the first (single flight). Entries are keyed by URL and script, bounded in
// number, and dropped on every node when what they show changes: `invalidateAnswers(prefix)`
// sends the path prefix on the bus ('' drops everything). An entry is compressed once per encoding,
// on the first request that accepts it, so a hit costs no compression either.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../bus/bus.ts';

export const contentChangedChannel = 'efir:content-changed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How long an answer of this route may be served from memory. */
    answerCacheMs?: number;
  }
  interface FastifyRequest {
    answerCacheKey: string | undefined;
  }
}

type Encoding = 'br' | 'gzip';
const encodings: Encoding[] = ['br', 'gzip'];
/** Smaller answers fit in a packet or two as they are. */
const compressFrom = 1024;
const compressors: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 5 is brotli's knee: most of the saving of 11 at a small part of its cost.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};

interface Entry {
  /** Encoded once: writing a cached answer costs no UTF-8 encoding. */
  body: Buffer;
  compressed: Partial<Record<Encoding, Buffer>>;
  etag: string;
  contentType: string;
  expires: number;
}

/** Drops the cached answers whose path starts with `prefix` on every node. */
export function invalidateAnswers(bus: Bus, prefix: string): Promise<void> {
  return bus.publish(contentChangedChannel, prefix);
}

export interface AnswerCacheOptions {
  bus: Bus;
  maxEntries?: number;
  now?: () => number;
}

export const answerCachePlugin = fp(
  async (app: FastifyInstance, options: AnswerCacheOptions) => {
    const maxEntries = options.maxEntries ?? 2000;
    const now = options.now ?? Date.now;
    const entries = new Map<string, Entry>();
    const inFlight = new Map<string, Promise<Entry | undefined>>();
    const settle = new Map<string, (entry: Entry | undefined) => void>();

    await options.bus.subscribe(contentChangedChannel, (prefix) => {
      if (prefix === '') {
        entries.clear();
        return;
      }
      for (const key of entries.keys()) {
        if (key.slice(key.indexOf('|') + 1).startsWith(prefix)) entries.delete(key);
      }
    });

    /** The entry's bytes in the best encoding the request accepts, with their headers set. */
    const bytesFor = (request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer => {
      const vary = reply.getHeader('vary');
      if (vary === undefined) reply.header('vary', 'Accept-Encoding');
      else if (!/accept-encoding/iu.test(String(vary))) reply.header('vary', `${String(vary)}, Accept-Encoding`);
      const accepted = request.headers['accept-encoding'];
      if (entry.body.length < compressFrom || accepted === undefined) return entry.body;
      const encoding = negotiate(accepted, encodings);
      if (encoding === null) return entry.body;
      const bytes = (entry.compressed[encoding] ??= compressors[encoding](entry.body));
      reply.header('content-encoding', encoding);
      return bytes;
    };

    const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply => {
      reply.header('etag', entry.etag);
      if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
      return reply
        .code(200)
        .type(entry.contentType)
        .send(bytesFor(request, reply, entry));
    };

    app.decorateRequest('answerCacheKey', undefined);

    app.addHook('onRequest', async (request, reply) => {
      const ttl = request.routeOptions.config.answerCacheMs;
      if (ttl === undefined || request.method !== 'GET') return;
      const key = `${request.locale}|${request.url}`;
      const entry = entries.get(key);
      if (entry !== undefined && entry.expires > now()) {
        // Refresh its place: the map's order is its recency.
        entries.delete(key);
        entries.set(key, entry);
        return send(request, reply, entry);
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) {
        const settled = await pending;
        if (settled !== undefined) return send(request, reply, settled);
        return;
      }
      request.answerCacheKey = key;
      inFlight.set(
        key,
        new Promise((resolve) => {
          settle.set(key, resolve);
        }),
      );
    });

    const finish = (key: string, entry: Entry | undefined): void => {
      settle.get(key)?.(entry);
      settle.delete(key);
      inFlight.delete(key);
    };

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.answerCacheKey;
      if (key === undefined) return payload;
      request.answerCacheKey = undefined;
      const ttl = request.routeOptions.config.answerCacheMs ?? 0;
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        finish(key, undefined);
        return payload;
      }
      const body = Buffer.from(payload);
      const entry: Entry = {
        body,
        compressed: {},
        etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        expires: now() + ttl,
      };
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      reply.header('etag', entry.etag);
      finish(key, entry);
      return bytesFor(request, reply, entry);
    });

    // A request that failed before onSend must not leave its waiters hanging.
    app.addHook('onResponse', (request, _reply, done) => {
      const key = request.answerCacheKey;
      if (key !== undefined) finish(key, undefined);
      done();
    });
  },
  { name: 'efir-answer-cache', dependencies: ['efir-script'] },
);
