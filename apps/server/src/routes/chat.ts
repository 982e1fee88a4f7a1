// The chat beside each stream: polled every 2 s by every viewer, so an unchanged room answers
// 304 from the freshness cache without touching the database. The tag moves on with every post
// and every moderator's change, so a client that reads the latest list again loses what was hidden.
import { calls, type ChatRoom, chatWordRefusal } from '@efir/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError, badRequest, notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import { type ChatPostOutcome, chatMessages, postChatMessage } from '../repositories/chat.ts';
import { toChatMessage } from '../repositories/wire.ts';
import { findProgrammeDay } from '../repositories/programmes.ts';
import type { RouteContext } from './context.ts';

type Paced = Extract<ChatPostOutcome, { retryAfterSeconds: number }>;

function pacedDetail(outcome: Paced, slowModeSeconds: number): string {
  switch (outcome.kind) {
    case 'newcomers':
      return 'Too many new visitors are posting in this chat from your network: try again in a minute.';
    case 'slow-mode':
      return `This chat is in slow mode: one message every ${String(outcome.seconds)} seconds.`;
    case 'too-fast':
      return outcome.slowMode
        ? `This chat is in slow mode: one message every ${String(slowModeSeconds)} seconds.`
        : 'Too many messages: at most one a second.';
  }
}

function banDetail(until: Date | null): string {
  return until === null
    ? 'A moderator has banned you from posting in the chats.'
    : `A moderator has banned you from posting in the chats until ${until.toISOString()}.`;
}

export const chatRoutes: FastifyPluginCallbackZod<RouteContext> = (
  app,
  { db, clock, chatFreshness, visitorLimits },
  done,
) => {
  const programmeExists = async (room: ChatRoom, id: number): Promise<boolean> =>
    (await findProgrammeDay(db, room === 'teleprogram' ? 'tv' : 'radio', id)) !== undefined;

  app.route({
    ...routeOf('chatMessages', calls.chatMessages),
    handler: async (request, reply) => {
      const { room, id } = request.params;
      const after = request.query.after;
      const tag = await chatFreshness.tag(room, id);
      const etag = `W/"chat-${room}-${id}-${after ?? 'latest'}-${tag}-${request.locale}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
      if (!(await programmeExists(room, id))) throw notFound(`No such ${room} programme.`);
      return (await chatMessages(db, room, id, after)).map(toChatMessage);
    },
  });

  app.route({
    ...routeOf('chatPost', calls.chatPost, { successStatus: 201 }),
    handler: async (request, reply) => {
      const { room, id } = request.params;
      const claimed = room === 'teleprogram' ? request.body.teleprogram_id : request.body.radioprogram_id;
      if (claimed !== undefined && claimed !== id) {
        throw badRequest(`The message names programme ${claimed}, but it was sent to the chat of ${id}.`);
      }
      // The contract's schema has refused what the chat does not take and cleaned the rest.
      const { name, message } = request.body;
      if (!(await programmeExists(room, id))) throw notFound(`No such ${room} programme.`);
      const outcome = await postChatMessage(
        db,
        { room, programmeId: id, name, message },
        request.visitor,
        visitorLimits,
        clock(),
      );
      if (outcome.kind === 'banned') throw new HttpError(403, banDetail(outcome.until), outcome.until ?? undefined);
      if (outcome.kind === 'refused-word') throw badRequest(chatWordRefusal);
      if (outcome.kind !== 'posted') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        throw new HttpError(429, pacedDetail(outcome, visitorLimits.chatSlowModeSeconds));
      }
      // A held message is the poster's alone until a moderator approves it: nothing new to announce.
      if (outcome.row.heldAt !== null)
        return reply.code(201).send({ ...toChatMessage(outcome.row), held: true as const });
      await chatFreshness.announce(room, id, outcome.row.id);
      return reply.code(201).send(toChatMessage(outcome.row));
    },
  });
  done();
};
