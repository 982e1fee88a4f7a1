// Counts every answer of the port it is registered on: by its route's pattern, method and status
// class, with its time (Fastify's own measure, from the request's arrival to the answer's end).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type SiteMetrics, statusClass } from '../metrics/site-metrics.ts';

export const metricsPlugin = fp(
  (app: FastifyInstance, options: { metrics: SiteMetrics }, done: (error?: Error) => void) => {
    const { requests } = options.metrics;
    app.addHook('onResponse', (request, reply, next) => {
      requests.observe(
        {
          method: request.method,
          // Unrouted paths are anything a client sends: one label for all of them.
          route: request.routeOptions.url ?? 'unrouted',
          status: statusClass(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      next();
    });
    done();
  },
  { name: 'efir-metrics' },
);
