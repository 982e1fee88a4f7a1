// Chat moderation: both rooms as moderators see them (hidden messages too), and hiding a message
// from visitors or showing it again. Hidden messages stay in the database and the audit log.
import type { ChatRoom, StudioChatMessage } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';
import { recordChange } from '../../repositories/audit.ts';
import {
  type ChatMessageRow,
  findChatMessage,
  moderationMessages,
  setChatMessageHidden,
} from '../../repositories/chat.ts';
import { actorOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

function toModerated(row: ChatMessageRow): StudioChatMessage {
  return {
    id: row.id,
    room: row.room as ChatRoom,
    programmeId: row.programmeId,
    name: row.name,
    message: row.message,
    at: row.postedAt.toISOString(),
    hidden: row.hiddenAt !== null,
  };
}

export const chatRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;

  app.route({
    ...studioRoute('chatMessages'),
    handler: async (request) =>
      (await moderationMessages(db, request.params.room, request.query.after)).map(toModerated),
  });

  for (const [call, hidden] of [
    ['chatMessageHide', true],
    ['chatMessageShow', false],
  ] as const) {
    app.route({
      ...studioRoute(call),
      handler: async (request) => {
        const row = await db.transaction(async (tx) => {
          const before = await findChatMessage(tx, request.params.id);
          if (before === undefined) throw new HttpError(404, 'Нет такого сообщения.');
          const after = await setChatMessageHidden(tx, before.id, hidden);
          if (after === undefined) throw new HttpError(404, 'Нет такого сообщения.');
          await recordChange(tx, actorOf(request), {
            action: hidden ? 'chat.hide' : 'chat.show',
            entity: 'chat-message',
            entityId: before.id,
            before: toModerated(before),
            after: toModerated(after),
          });
          return after;
        });
        await context.published();
        return toModerated(row);
      },
    });
  }
  done();
};
