// The state the event streams carry, read as the polling calls read it: the same answers, so a
// page may put an event where the call's answer goes.
import { mainChannels } from '@efir/contract';
import type { ChatFreshness } from '../chat/freshness.ts';
import { dayRevision } from '../repositories/live.ts';
import type { Db } from '../db/database.ts';
import type { LiveAnswers } from '../live/live-answers.ts';
import { chatMessages } from '../repositories/chat.ts';
import { activePolls } from '../repositories/showcase.ts';
import { toChatMessage, toPoll } from '../repositories/wire.ts';
import type { ChatPart, ChatState, LiveStateReader, StatePart } from './event-hub.ts';

export function liveStateReader(db: Db, answers: LiveAnswers, freshness: ChatFreshness): LiveStateReader {
  /** Each room's list as last read, and the freshness tag it was read at: most readings cost no query. */
  const rooms = new Map<ChatPart, { tag: string; chat: ChatState }>();

  const read = async (part: StatePart, t: number): Promise<unknown> => {
    switch (part) {
      case 'teleprogram':
        return answers.today('tv', t);
      case 'radioprogram':
        return answers.today('radio', t);
      case 'tickers': {
        const day = await answers.today('tv', t);
        const plan = day === 'none' ? undefined : await answers.dayById('tv', day.id);
        if (day === 'none' || plan === undefined) return undefined;
        return { teleprogram_id: day.id, tickers: await answers.tickers(plan, t) };
      }
      case 'radioprogram-show': {
        const day = await answers.today('radio', t);
        const plan = day === 'none' ? undefined : await answers.dayById('radio', day.id);
        if (day === 'none' || plan === undefined) return undefined;
        return { radioprogram_id: day.id, show: await answers.radioShows(plan, t) };
      }
      case 'teleprogram-revision': {
        const day = await answers.today('tv', t);
        const revision = day === 'none' ? undefined : await dayRevision(db, mainChannels.tv, day.id);
        return day === 'none' || revision === undefined ? undefined : { teleprogram_id: day.id, revision };
      }
      case 'radioprogram-revision': {
        const day = await answers.today('radio', t);
        const revision = day === 'none' ? undefined : await dayRevision(db, mainChannels.radio, day.id);
        return day === 'none' || revision === undefined ? undefined : { radioprogram_id: day.id, revision };
      }
      case 'polls':
        return (await activePolls(db)).map(toPoll);
    }
  };

  return {
    state: read as LiveStateReader['state'],
    async chat(part, t) {
      const [channel, room] = part === 'chat-tv' ? (['tv', 'teleprogram'] as const) : (['radio', 'radio'] as const);
      const day = await answers.today(channel, t);
      if (day === 'none') return undefined;
      const tag = await freshness.tag(room, day.id);
      const known = rooms.get(part);
      if (known?.chat.id === day.id && known.tag === tag) return known.chat;
      const messages = (await chatMessages(db, room, day.id, undefined)).map(toChatMessage);
      // The tag is `latest.revision`: the revision moves on with every moderator's change.
      const chat: ChatState = { room, id: day.id, revision: Number(tag.split('.')[1]), messages };
      rooms.set(part, { tag, chat });
      return chat;
    },
  };
}
