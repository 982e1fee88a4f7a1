// The site's event stream (Server-Sent Events): one per page, carrying what the page would
// otherwise poll for. Each event's data is what the polling call answers (or, for a chat, what
// changed in its latest list), so a page puts it where the call's answer goes. A page that
// reconnects sends the id of the last event it had (Last-Event-ID) and gets only what changed
// since; the spec's polling calls stay as they are for any client.
import { z } from 'zod';
import { chatRoomSchema, noneSchema } from './calls.ts';
import { type EventTopic, eventTopics, locales, stateEventNames } from './constants.ts';
import { chatMessageSchema, pollSchema, radioprogramSchema, teleprogramSchema, tickerSchema } from './entities.ts';

/** How the stream is asked for: `?topics=tv,chat-tv`, each at most once. */
export const eventStreamQuerySchema = z.object({
  topics: z
    .string()
    .transform((value, context) => {
      const asked = value.split(',');
      const unknown = asked.filter((topic) => !(eventTopics as readonly string[]).includes(topic));
      if (unknown.length > 0 || asked.length !== new Set(asked).size) {
        context.addIssue({ code: 'custom', message: `topics must be distinct, from: ${eventTopics.join(', ')}` });
        return z.NEVER;
      }
      return asked as EventTopic[];
    })
    .meta({ description: `comma-separated, distinct: ${eventTopics.join(', ')}`, example: 'tv,chat-tv,polls' }),
  locale: z
    .enum(locales)
    .optional()
    .describe(
      "the script of the events' texts, as Accept-Language says for the calls (a browser's stream cannot set it)",
    ),
});

/** Each event's name and data; the data of `teleprogram`, `radioprogram` and `polls` is the
 * answer of the call named beside it. */
export const liveEventSchemas = {
  /** topic tv: `GET /get/status/teleprogram/run/`, whenever it changes. */
  teleprogram: teleprogramSchema.or(noneSchema),
  /** topic tv: the tickers of the TV day on air (`GET /get/live-stroka/{id}/`), whenever they change. */
  tickers: z.object({ teleprogram_id: z.number().int(), tickers: z.array(tickerSchema) }),
  /** topic radio: `GET /get/radioprogram/today/`, whenever it changes. */
  radioprogram: radioprogramSchema.or(noneSchema),
  /** topic tv: the revision of the TV day on air, which each save of it moves on: a page asks the
   * day's lists again when it changes. */
  'teleprogram-revision': z.object({ teleprogram_id: z.number().int(), revision: z.number().int() }),
  /** topic radio: the same for the radio day on air. */
  'radioprogram-revision': z.object({ radioprogram_id: z.number().int(), revision: z.number().int() }),
  /** topic radio: whether the radio day's player shows (`GET /check/radioprogram/show/{id}/`). */
  'radioprogram-show': z.object({ radioprogram_id: z.number().int(), show: z.boolean() }),
  /** topic polls: `GET /get/oprosnik/`, at most once a second while votes come in. */
  polls: z.array(pollSchema),
  /** topics chat-tv, chat-radio: the room of the channel's day on air changed. `replace`: the
   * list is the room's whole latest list (a first event, a new day, a moderator's change);
   * else `messages` are new, after those the page has, and `removed` were hidden. */
  chat: z.object({
    room: chatRoomSchema,
    id: z.number().int().describe("the programme's id"),
    replace: z.boolean(),
    messages: z.array(chatMessageSchema),
    removed: z.array(z.number().int()),
  }),
} as const;
export type LiveEventName = keyof typeof liveEventSchemas;
// Every state event is listed where the web app reads the list of them.
stateEventNames satisfies readonly Exclude<LiveEventName, 'chat'>[];
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof liveEventSchemas)[N]>;
export type LiveEvent = { [N in LiveEventName]: { name: N; data: LiveEventData<N> } }[LiveEventName];

/** The events each topic carries. */
export const topicEvents: Record<EventTopic, readonly LiveEventName[]> = {
  tv: ['teleprogram', 'tickers', 'teleprogram-revision'],
  radio: ['radioprogram', 'radioprogram-show', 'radioprogram-revision'],
  polls: ['polls'],
  'chat-tv': ['chat'],
  'chat-radio': ['chat'],
};

/** The stream's events for the API document: each is an `event:` line with the event's name, an
 * `id:` line with the cursor to send back as Last-Event-ID, and a `data:` line with this JSON. */
export const liveEventDocSchema = z
  .union(
    Object.entries(liveEventSchemas).map(([name, data]) =>
      z.object({ event: z.literal(name), id: z.string().describe('the cursor'), data }),
    ) as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]],
  )
  .describe('text/event-stream: one event per change of what the stream follows');
