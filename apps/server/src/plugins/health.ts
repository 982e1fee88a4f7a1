// What a load balancer asks each node, on both ports: /health/live (the process answers) and
// /health/ready (the database answers too). Never cached, and not in the API's documentation.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { answerDatabaseUnavailable } from '../lib/error-answers.ts';

/** A database slower than this for `SELECT 1` is as good as away for a visitor. */
const readyWithinMs = 1000;

export interface HealthOptions {
  /** The database whose answer makes the node ready; without one, ready is live. */
  db?: Db;
}

/** Whether the database answers `SELECT 1` within `readyWithinMs`; one check at a time, whatever
 * the number of askers: a frozen database holds at most one connection of the pool for them. */
export function databaseCheck(db: Db | undefined): () => Promise<boolean> {
  let checking: Promise<boolean> | undefined;
  return () => {
    if (db === undefined) return Promise.resolve(true);
    checking ??= db
      .execute(sql`SELECT 1`)
      .then(
        () => true,
        () => false,
      )
      .finally(() => {
        checking = undefined;
      });
    const answered = checking;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve(false);
      }, readyWithinMs);
      void answered.then((ok) => {
        clearTimeout(timer);
        resolve(ok);
      });
    });
  };
}

export const healthPlugin = fp(
  (app: FastifyInstance, options: HealthOptions, done: (error?: Error) => void) => {
    const databaseAnswers = databaseCheck(options.db);

    app.get('/health/live', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    );
    app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
      if (!(await databaseAnswers())) return answerDatabaseUnavailable(reply);
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    });
    done();
  },
  { name: 'efir-health' },
);
