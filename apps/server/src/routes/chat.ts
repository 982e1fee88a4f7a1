// The chat beside each stream: polled every 2 s by every viewer, so an unchanged room answers
// 304 from the freshness cache without touching the database.
import { calls, chatForbiddenCharacters, chatMessageMaxLength, chatNameMaxLength, type ChatRoom } from '@efir/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError, badRequest, notFound } from '../lib/http-error.ts';
import { routeOf } from '../lib/route.ts';
import { codePointLength } from '../lib/text.ts';
import { type ChatMessageRow, chatMessages, postChatMessage } from '../repositories/chat.ts';
import { findRadioprogram, findTeleprogram } from '../repositories/programmes.ts';
import type { RouteContext } from './context.ts';

/** A chat field after trimming, or the reason it is refused. */
export function chatText(label: string, value: string, maxLength: number): string {
  const text = value.trim();
  const length = codePointLength(text);
  if (length === 0) throw badRequest(`${label} must not be empty.`);
  if (length > maxLength) throw badRequest(`${label} must be at most ${maxLength} characters.`);
  if (chatForbiddenCharacters.test(text)) throw badRequest(`${label} must not contain control characters.`);
  return text;
}

function toChatMessage(row: ChatMessageRow) {
  return { id: row.id, name: row.name, message: row.message, date_added: row.postedAt.toISOString() };
}

export const chatRoutes: FastifyPluginCallbackZod<RouteContext> = (app, { db, chatFreshness }, done) => {
  const programmeExists = async (room: ChatRoom, id: number): Promise<boolean> =>
    (room === 'teleprogram' ? await findTeleprogram(db, id) : await findRadioprogram(db, id)) !== undefined;

  app.route({
    ...routeOf('chatMessages', calls.chatMessages),
    handler: async (request, reply) => {
      const { room, id } = request.params;
      const after = request.query.after;
      const latest = await chatFreshness.latest(room, id);
      const etag = `W/"chat-${room}-${id}-${after ?? 'latest'}-${latest}-${request.locale}"`;
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
      const name = chatText('Name', request.body.name, chatNameMaxLength);
      const message = chatText('Message', request.body.message, chatMessageMaxLength);
      if (!(await programmeExists(room, id))) throw notFound(`No such ${room} programme.`);
      const row = await postChatMessage(db, { room, programmeId: id, name, message, visitor: request.visitor });
      if (row === undefined) {
        reply.header('retry-after', '1');
        throw new HttpError(429, 'Too many messages: at most one a second.');
      }
      await chatFreshness.announce(room, id, row.id);
      return reply.code(201).send(toChatMessage(row));
    },
  });
  done();
};
