// The page's event stream (Server-Sent Events, contract events.ts): held open, written to by the
// node's hub, never compressed or buffered on the way, and ended when the node closes so that the
// page reconnects (with Last-Event-ID) to a node that is up.
import {
  apiPrefix,
  eventStreamPath,
  eventStreamQuerySchema,
  eventStreamTimings,
  eventStreamsPerAddress,
  liveEventDocSchema,
} from '@efir/contract';
import { addressKey } from '../lib/address.ts';
import { HttpError } from '../lib/http-error.ts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { EventHub } from '../events/event-hub.ts';

/** A page that reads slower than the events come is cut off past this much unsent: it
 * reconnects and catches up from its cursor instead of holding the node's memory. */
const unsentMax = 256 * 1024;

export const eventRoutes: FastifyPluginCallbackZod<{ hub: EventHub; headers: Record<string, string> }> = (
  app,
  { hub, headers },
  done,
) => {
  const open = new Set<() => void>();
  /** The streams open from each address. */
  const perAddress = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
    await hub.close();
  });

  app.route({
    method: 'GET',
    url: eventStreamPath,
    schema: {
      operationId: 'events',
      description:
        `One stream per page, in place of the polling calls it names: send the last event's id back as ` +
        `Last-Event-ID (browsers do) to get only what changed since. Served under ${apiPrefix}.`,
      querystring: eventStreamQuerySchema,
      response: {
        200: { description: 'the event stream', content: { 'text/event-stream': { schema: liveEventDocSchema } } },
      },
    },
    handler: async (request, reply) => {
      const address = addressKey(request.ip);
      const held = perAddress.get(address) ?? 0;
      if (held >= eventStreamsPerAddress) {
        reply.header('retry-after', String(eventStreamTimings.retryMs / 1000));
        throw new HttpError(429, 'Слишком много открытых потоков событий с одного адреса.');
      }
      perAddress.set(address, held + 1);
      const lastEventId = request.headers['last-event-id'];
      const raw = reply.raw;
      // Until the hub has taken the stream, an end (the page gone, the node closing) is noted
      // for it to be let go as soon as it is taken.
      const state: { ended: boolean; unsubscribe?: () => void } = { ended: false };
      const end = (): void => {
        if (state.ended) return;
        state.ended = true;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        state.unsubscribe?.();
        open.delete(end);
        raw.end();
      };

      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // A proxy in front (nginx) passes it on as it comes rather than buffering it.
        'x-accel-buffering': 'no',
        // A stream's connection ends with it: kept alive for a next request, it would hold a
        // closing node (which waits for every connection) until the keep-alive ran out.
        connection: 'close',
      });
      raw.write(`retry: ${String(eventStreamTimings.retryMs)}\n\n`);
      open.add(end);
      request.raw.on('close', end);
      const unsubscribe = await hub.subscribe(
        request.query.topics,
        request.query.locale ?? request.locale,
        typeof lastEventId === 'string' ? lastEventId : undefined,
        (frame) => {
          raw.write(frame);
          if (raw.writableLength > unsentMax) raw.destroy();
        },
      );
      if (state.ended) unsubscribe();
      else state.unsubscribe = unsubscribe;
    },
  });
  done();
};
