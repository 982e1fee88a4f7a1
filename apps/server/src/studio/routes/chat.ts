// Chat moderation (docs/STUDIO.md): both rooms as moderators see them (hidden and held messages
// too), hiding and showing, the word list's review queue, bans, each room's slow mode, and clearing
// a room's day. Every change is in the audit log; one that changes what visitors see moves the
// room's revision on, so their next poll answers anew on every node.
import { createHmac } from 'node:crypto';
import {
  type ChatRoom,
  chatBanSeconds,
  type StudioChatBan,
  type StudioChatMessage,
  type StudioChatWord,
} from '@efir/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wordKey } from '../../chat/word-list.ts';
import type { Db } from '../../db/database.ts';
import { dateIn } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordChange } from '../../repositories/audit.ts';
import {
  addChatBan,
  addChatWord,
  activeChatBans,
  type ChatBanRow,
  chatRoomSettings,
  chatWords,
  type ChatWordRow,
  deleteChatWord,
  findChatBan,
  findChatWord,
  liftChatBan,
  setChatSlowMode,
  touchChatRoom,
} from '../../repositories/chat-moderation.ts';
import {
  approveChatMessage,
  type ChatMessageRow,
  findChatMessage,
  heldChatMessages,
  hideChatDay,
  moderationMessages,
  setChatMessageHidden,
} from '../../repositories/chat.ts';
import { visitorSecret } from '../../repositories/settings.ts';
import { actorOf, callerOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

const noMessage = 'Нет такого сообщения.';

export const chatRoutes: FastifyPluginAsyncZod<StudioContext & { timeZone: string }> = async (app, context) => {
  const { db, chatFreshness } = context;
  // Moderators tell visitors apart by short tags: the same visitor or address, the same tag. Keyed
  // by the site's secret, so a tag cannot be turned back into an address by trying them all.
  const secret = await visitorSecret(db);
  const tagOf = (kind: 'visitor' | 'address', value: string): string =>
    createHmac('sha256', secret).update(`chat-tag|${kind}|${value}`).digest('hex').slice(0, 6);

  const toModerated = (row: ChatMessageRow): StudioChatMessage => ({
    id: row.id,
    room: row.room as ChatRoom,
    programmeId: row.programmeId,
    name: row.name,
    message: row.message,
    at: row.postedAt.toISOString(),
    hidden: row.hiddenAt !== null,
    held: row.heldAt !== null,
    visitorTag: tagOf('visitor', row.visitor),
    addressTag: row.address === null ? null : tagOf('address', row.address),
  });
  const toBan = (ban: ChatBanRow, message: ChatMessageRow | null): StudioChatBan => ({
    id: ban.id,
    visitorTag: tagOf('visitor', ban.visitor),
    addressTag: ban.address === null ? null : tagOf('address', ban.address),
    reason: ban.reason,
    createdAt: ban.createdAt.toISOString(),
    createdBy: ban.createdBy,
    until: ban.until?.toISOString() ?? null,
    liftedAt: ban.liftedAt?.toISOString() ?? null,
    liftedBy: ban.liftedBy,
    message:
      message === null
        ? null
        : { id: message.id, room: message.room as ChatRoom, name: message.name, message: message.message },
  });
  const toWord = (row: ChatWordRow): StudioChatWord => ({
    id: row.id,
    word: row.word,
    mode: row.mode === 'refuse' ? 'refuse' : 'hold',
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  });

  /** The room's day on the air now, else today's: the day visitors chat in. */
  const dayOf = async (room: ChatRoom): Promise<{ id: number; date: string } | null> => {
    const channel = context.live[room === 'teleprogram' ? 'tv' : 'radio'];
    const t = context.clock().getTime();
    const plan = (await channel.onAirAt(t))?.plan ?? (await channel.plan(dateIn(context.timeZone, new Date(t))));
    return plan === undefined ? null : { id: plan.schedule.id, date: plan.schedule.day };
  };
  const roomOf = async (room: ChatRoom) => ({
    room,
    slowModeSeconds: (await chatRoomSettings(db, room)).slowModeSeconds,
    day: await dayOf(room),
  });

  app.route({
    ...studioRoute('chatMessages'),
    handler: async (request) =>
      (await moderationMessages(db, request.params.room, request.query.after)).map(toModerated),
  });

  app.route({
    ...studioRoute('chatHeld'),
    handler: async () => (await heldChatMessages(db)).map(toModerated),
  });

  /** A change of one message's state, audited, its room's visitors told. */
  const messageChange = (
    call: 'chatMessageHide' | 'chatMessageShow' | 'chatMessageApprove' | 'chatMessageReject',
    action: string,
    change: (tx: Db, before: ChatMessageRow) => Promise<ChatMessageRow | undefined>,
    refusal: string,
  ) => {
    app.route({
      ...studioRoute(call),
      handler: async (request) => {
        const row = await db.transaction(async (tx) => {
          const before = await findChatMessage(tx, request.params.id);
          if (before === undefined) throw new HttpError(404, noMessage);
          const after = await change(tx, before);
          if (after === undefined) throw new HttpError(409, refusal);
          await touchChatRoom(tx, before.room as ChatRoom);
          await recordChange(tx, actorOf(request), {
            action,
            entity: 'chat-message',
            entityId: before.id,
            before: toModerated(before),
            after: toModerated(after),
          });
          return after;
        });
        await chatFreshness.moderated(row.room as ChatRoom);
        return toModerated(row);
      },
    });
  };
  const notHeld = 'Это сообщение не ждёт проверки: его уже одобрили или отклонили.';
  messageChange('chatMessageHide', 'chat.hide', (tx, before) => setChatMessageHidden(tx, before.id, true), noMessage);
  messageChange('chatMessageShow', 'chat.show', (tx, before) => setChatMessageHidden(tx, before.id, false), noMessage);
  // Only a message still waiting: one a moderator rejected stays hidden until shown on purpose.
  const waiting = (row: ChatMessageRow): boolean => row.heldAt !== null && row.hiddenAt === null;
  messageChange(
    'chatMessageApprove',
    'chat.approve',
    async (tx, before) => (waiting(before) ? approveChatMessage(tx, before.id) : undefined),
    notHeld,
  );
  messageChange(
    'chatMessageReject',
    'chat.reject',
    async (tx, before) => (waiting(before) ? setChatMessageHidden(tx, before.id, true) : undefined),
    notHeld,
  );

  app.route({
    ...studioRoute('chatRoom'),
    handler: (request) => roomOf(request.params.room),
  });

  app.route({
    ...studioRoute('chatSlowMode'),
    handler: async (request) => {
      const { room } = request.params;
      await db.transaction(async (tx) => {
        const before = await chatRoomSettings(tx, room);
        await setChatSlowMode(tx, room, request.body.seconds);
        await recordChange(tx, actorOf(request), {
          action: 'chat.slow-mode',
          entity: 'chat-room',
          before: { room, slowModeSeconds: before.slowModeSeconds },
          after: { room, slowModeSeconds: request.body.seconds },
        });
      });
      return roomOf(room);
    },
  });

  app.route({
    ...studioRoute('chatRoomClear'),
    handler: async (request) => {
      const { room } = request.params;
      const day = await dayOf(room);
      if (day === null) return { room, day, hidden: 0 };
      const hidden = await db.transaction(async (tx) => {
        const ids = await hideChatDay(tx, room, day.id);
        await touchChatRoom(tx, room);
        await recordChange(tx, actorOf(request), {
          action: 'chat.clear',
          entity: 'chat-room',
          entityId: day.id,
          before: { room, programmeId: day.id, date: day.date, shown: ids },
          after: { room, programmeId: day.id, date: day.date, shown: [] },
        });
        return ids.length;
      });
      await chatFreshness.moderated(room);
      return { room, day, hidden };
    },
  });

  app.route({
    ...studioRoute('chatBans'),
    handler: async () => (await activeChatBans(db, context.clock())).map(({ ban, message }) => toBan(ban, message)),
  });

  app.route({
    ...studioRoute('chatBanAdd'),
    handler: async (request) => {
      const { messageId, duration, byAddress, reason } = request.body;
      return db.transaction(async (tx) => {
        const message = await findChatMessage(tx, messageId);
        if (message === undefined) throw new HttpError(404, noMessage);
        if (byAddress && message.address === null) {
          throw new HttpError(400, 'Адрес этого сообщения неизвестен (оно старше банов): забаньте только гостя.');
        }
        const ban = await addChatBan(
          tx,
          {
            visitor: message.visitor,
            address: byAddress ? message.address : null,
            messageId,
            reason,
            createdBy: callerOf(request).user.login,
          },
          chatBanSeconds[duration],
          context.clock(),
        );
        const view = toBan(ban, message);
        await recordChange(tx, actorOf(request), {
          action: 'chat-ban.add',
          entity: 'chat-ban',
          entityId: ban.id,
          before: null,
          after: view,
        });
        return view;
      });
    },
  });

  app.route({
    ...studioRoute('chatBanLift'),
    handler: async (request) =>
      db.transaction(async (tx) => {
        const before = await findChatBan(tx, request.params.id);
        if (before === undefined) throw new HttpError(404, 'Нет такого бана.');
        const after = await liftChatBan(tx, before.id, callerOf(request).user.login, context.clock());
        if (after === undefined) throw new HttpError(409, 'Этот бан уже снят или истёк.');
        const message = before.messageId === null ? undefined : await findChatMessage(tx, before.messageId);
        const view = toBan(after, message ?? null);
        await recordChange(tx, actorOf(request), {
          action: 'chat-ban.lift',
          entity: 'chat-ban',
          entityId: before.id,
          before: toBan(before, message ?? null),
          after: view,
        });
        return view;
      }),
  });

  app.route({
    ...studioRoute('chatWords'),
    handler: async () => (await chatWords(db)).map(toWord),
  });

  app.route({
    ...studioRoute('chatWordAdd'),
    handler: async (request) => {
      const { word, mode } = request.body;
      const key = wordKey(word);
      if (key === '') throw new HttpError(400, 'Слово: нужна хотя бы одна буква или цифра');
      return db.transaction(async (tx) => {
        const row = await addChatWord(tx, { word, key, mode, createdBy: callerOf(request).user.login });
        if (row === undefined) throw new HttpError(409, `«${word}» уже в списке (в этом или другом написании).`);
        await recordChange(tx, actorOf(request), {
          action: 'chat-word.add',
          entity: 'chat-word',
          entityId: row.id,
          before: null,
          after: toWord(row),
        });
        return toWord(row);
      });
    },
  });

  app.route({
    ...studioRoute('chatWordDelete'),
    handler: async (request) => {
      await db.transaction(async (tx) => {
        const before = await findChatWord(tx, request.params.id);
        if (before === undefined) throw new HttpError(404, 'Нет такого слова в списке.');
        await deleteChatWord(tx, before.id);
        await recordChange(tx, actorOf(request), {
          action: 'chat-word.remove',
          entity: 'chat-word',
          entityId: before.id,
          before: toWord(before),
          after: null,
        });
      });
      return { ok: true as const };
    },
  });
};
