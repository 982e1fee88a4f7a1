// Chat moderation: messages as moderators see them, bans, the word list, slow mode and the rooms.
import { z } from 'zod';
import { bodyIdSchema, chatRoomSchema } from './calls.ts';
import { dateSchema } from './entities.ts';
import { textSchema } from './studio-text.ts';

export const studioChatMessageSchema = z.object({
  id: z.number().int(),
  room: chatRoomSchema,
  programmeId: z.number().int(),
  name: z.string(),
  message: z.string(),
  at: z.string(),
  hidden: z.boolean(),
  held: z.boolean().describe('held for review by the word list: no visitor sees it until a moderator approves it'),
  visitorTag: z.string().describe('a short tag of the poster: one visitor, one tag; nothing of their cookie'),
  addressTag: z
    .string()
    .nullable()
    .describe("a short tag of the poster's address, never the address; null on messages older than bans"),
});
export type StudioChatMessage = z.infer<typeof studioChatMessageSchema>;

/** How long a ban holds: an hour, a day, a week, or until a moderator lifts it. */
export const chatBanDurationSchema = z.enum(['1h', '24h', '7d', 'forever']);
export type ChatBanDuration = z.infer<typeof chatBanDurationSchema>;
export const chatBanSeconds: Record<ChatBanDuration, number | null> = {
  '1h': 3600,
  '24h': 24 * 3600,
  '7d': 7 * 24 * 3600,
  forever: null,
};

/** A ban names a message, never a visitor or an address: it bans whoever posted that message. */
export const chatBanAddSchema = z.strictObject({
  messageId: bodyIdSchema.describe('a message of the visitor to ban'),
  duration: chatBanDurationSchema,
  byAddress: z
    .boolean()
    .default(false)
    .describe("the message's address too: no cookie posts from it, whoever else shares it"),
  reason: textSchema('Причина', 0, 200).default(''),
});
export type ChatBanAdd = z.input<typeof chatBanAddSchema>;

export const studioChatBanSchema = z.object({
  id: z.number().int(),
  visitorTag: z.string(),
  addressTag: z.string().nullable().describe('set when the ban holds the address too'),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  until: z.string().nullable().describe('null: for good'),
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
  message: z
    .object({ id: z.number().int(), room: chatRoomSchema, name: z.string(), message: z.string() })
    .nullable()
    .describe('the message it was made from'),
});
export type StudioChatBan = z.infer<typeof studioChatBanSchema>;

export const chatWordModeSchema = z
  .enum(['hold', 'refuse'])
  .describe('hold: the post waits for a moderator; refuse: the post is refused');
export type ChatWordMode = z.infer<typeof chatWordModeSchema>;
export const chatWordFieldsSchema = z.object({
  word: textSchema('Слово', 1, 60).refine(
    (word) => /[\p{L}\p{N}]/u.test(word),
    'Слово: нужна хотя бы одна буква или цифра',
  ),
  mode: chatWordModeSchema,
});
export type ChatWordFields = z.input<typeof chatWordFieldsSchema>;
export const studioChatWordSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  mode: chatWordModeSchema,
  createdAt: z.string(),
  createdBy: z.string(),
});
export type StudioChatWord = z.infer<typeof studioChatWordSchema>;

export const chatSlowModeMax = 3600;
export const chatSlowModeSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(0, 'Медленный режим: от 0 секунд')
    .max(chatSlowModeMax, `Медленный режим: не больше ${String(chatSlowModeMax)} секунд`)
    .describe('one post per this many seconds per visitor; 0: off'),
});

export const chatDaySchema = z
  .object({ id: z.number().int(), date: dateSchema })
  .nullable()
  .describe("the room's day on air (its programme), whose chat a clear hides; null: none today");
export const studioChatRoomSchema = z.object({
  room: chatRoomSchema,
  slowModeSeconds: z.number().int().describe('set by moderators; the automatic slow mode of a busy room applies too'),
  day: chatDaySchema,
});
export type StudioChatRoom = z.infer<typeof studioChatRoomSchema>;
