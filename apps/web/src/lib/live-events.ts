// The page's one event stream (contract events.ts): the topics its mounted screens follow, pushed
// by the server as they change. A state event goes where its polling call's answer goes (the
// query cache), so the screens read it as they read a poll; a chat event goes to the chat that
// shows its room. While the stream works the screens stop polling; where it does not (no
// EventSource, a proxy that buffers and never delivers the first event, a stream refused) they
// poll as the spec says, and the stream is tried again later.
import {
  apiPrefix,
  type CallName,
  eventStreamPath,
  eventStreamTimings,
  type EventTopic,
  eventTopics,
  type LiveEventData,
  type LiveEventName,
  stateEventNames,
} from '@efir/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { apiLocaleNow, callKey } from './api.ts';
import { createListeners } from './listeners.ts';

/** After a stream that failed or never delivered, polling goes on this long before it is tried again. */
const tryAgainMs = 60_000;

type ChatEvent = LiveEventData<'chat'>;

const followed = new Map<EventTopic, number>();
const chatListeners = createListeners<ChatEvent>();
const stateListeners = createListeners();
let source: EventSource | undefined;
let sourceTopics = '';
let pushing = false;
let queryClient: QueryClient | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let firstEventTimer: ReturnType<typeof setTimeout> | undefined;
let givenUpUntil = 0;

function setPushing(value: boolean): void {
  if (pushing === value) return;
  pushing = value;
  stateListeners.notify();
}

/** A day on air was saved again (or the stream has just begun, and the lists the page has may be
 * older than what it says): its lists (`calls` of the day's id) are asked again. */
function revised(id: number, calls: readonly CallName[]): void {
  for (const call of calls) void queryClient?.invalidateQueries({ queryKey: callKey(call, { params: { id } }) });
}

/** Puts each state event where its call's answer goes. */
function stateEvent<N extends Exclude<LiveEventName, 'chat'>>(name: N, data: LiveEventData<N>): void {
  if (queryClient === undefined) return;
  switch (name) {
    case 'teleprogram':
      queryClient.setQueryData(callKey('teleprogramRunStatus'), data);
      break;
    case 'tickers': {
      const tickers = data as LiveEventData<'tickers'>;
      queryClient.setQueryData(callKey('tickers', { params: { id: tickers.teleprogram_id } }), tickers.tickers);
      break;
    }
    case 'radioprogram':
      queryClient.setQueryData(callKey('radioprogramToday'), data);
      break;
    case 'radioprogram-show': {
      const show = data as LiveEventData<'radioprogram-show'>;
      queryClient.setQueryData(callKey('radioprogramShow', { params: { id: show.radioprogram_id } }), {
        show: show.show,
      });
      break;
    }
    case 'polls':
      queryClient.setQueryData(callKey('polls'), data);
      break;
    case 'teleprogram-revision': {
      const { teleprogram_id: id } = data as LiveEventData<'teleprogram-revision'>;
      revised(id, ['teleprogramVideosWithAds', 'teleprogramVideos']);
      break;
    }
    case 'radioprogram-revision': {
      const { radioprogram_id: id } = data as LiveEventData<'radioprogram-revision'>;
      revised(id, ['radioprogramRadiosWithAds', 'radioprogramRadios']);
      break;
    }
  }
}

function close(): void {
  clearTimeout(firstEventTimer);
  source?.close();
  source = undefined;
  sourceTopics = '';
  setPushing(false);
}

function giveUp(): void {
  close();
  givenUpUntil = Date.now() + tryAgainMs;
  reopenTimer = setTimeout(reopen, tryAgainMs);
}

function open(topics: string): void {
  const url = `${apiPrefix}${eventStreamPath}?topics=${topics}&locale=${apiLocaleNow()}`;
  const stream = new EventSource(url);
  source = stream;
  sourceTopics = topics;
  let proven = false;
  // A stream that says nothing at first is held back on its way (a proxy that buffers).
  firstEventTimer = setTimeout(giveUp, eventStreamTimings.firstEventWithinMs);
  const delivered = (): void => {
    if (!proven) clearTimeout(firstEventTimer);
    proven = true;
    setPushing(true);
  };
  for (const name of stateEventNames) {
    stream.addEventListener(name, (event) => {
      stateEvent(name, JSON.parse((event as MessageEvent<string>).data) as never);
      delivered();
    });
  }
  stream.addEventListener('chat', (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as ChatEvent;
    chatListeners.notify(data);
    delivered();
  });
  // Reconnected (the browser does it by itself, sending the last event's id): what came in
  // between arrives, if anything did; the path delivered before, so it is trusted at once.
  stream.addEventListener('open', () => {
    if (proven) setPushing(true);
  });
  stream.addEventListener('error', () => {
    // Reconnecting: the screens poll meanwhile. Refused for good (CLOSED): polling goes on.
    setPushing(false);
    if (stream.readyState === EventSource.CLOSED) giveUp();
  });
}

function wanted(): string {
  return eventTopics.filter((topic) => (followed.get(topic) ?? 0) > 0).join(',');
}

function reopen(): void {
  reopenTimer = undefined;
  const topics = wanted();
  if (topics === sourceTopics && source !== undefined) return;
  close();
  if (topics === '' || typeof EventSource === 'undefined') return;
  // Given up a while ago: the screens poll until then, and the stream is tried again.
  if (Date.now() < givenUpUntil) {
    reopenTimer = setTimeout(reopen, givenUpUntil - Date.now());
    return;
  }
  open(topics);
}

/** Once at start: where state events go. */
export function connectLiveEvents(client: QueryClient): void {
  queryClient = client;
}

/** The page's stream follows `topic` until the answer is called (the screens that follow one
 * mounting at once open one stream). */
export function followTopic(topic: EventTopic): () => void {
  followed.set(topic, (followed.get(topic) ?? 0) + 1);
  clearTimeout(reopenTimer);
  reopenTimer = setTimeout(reopen, 0);
  return () => {
    followed.set(topic, (followed.get(topic) ?? 1) - 1);
    clearTimeout(reopenTimer);
    reopenTimer = setTimeout(reopen, 0);
  };
}

/** Whether what the stream carries is pushed now (else the screens poll as the spec says). */
export function isPushing(): boolean {
  return pushing;
}

/** Whether the page's stream pushes now, without following a topic of its own. */
export function usePushing(): boolean {
  return useSyncExternalStore(stateListeners.subscribe, isPushing, () => false);
}

/** While mounted, the page's stream follows `topic`; answers whether it is pushed now. */
export function useLiveTopic(topic: EventTopic): boolean {
  useEffect(() => followTopic(topic), [topic]);
  return usePushing();
}

/** Hears the chat events of the page's stream. */
export const onChatEvent = chatListeners.subscribe;
