import { apiPrefix, eventStreamPath } from '@efir/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as LiveEvents from './live-events.ts';

// EventSource needs a browser; the fake records what the page opened and lets a test speak for the server.
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  readonly listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: { data?: string }) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data?: unknown): void {
    for (const listener of this.listeners.get(name) ?? [])
      listener(data === undefined ? {} : { data: JSON.stringify(data) });
  }
  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const streamPath = `${apiPrefix}${eventStreamPath}`;

const latest = (): FakeEventSource => {
  const source = FakeEventSource.opened.at(-1);
  if (source === undefined) throw new Error('no stream opened');
  return source;
};

// A fresh module each test: its stream, its topics and its give-up time are module state.
let events: typeof LiveEvents;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  events = await import('./live-events.ts');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the page’s event stream', () => {
  it('opens one stream for the topics the screens follow, in the page’s script, and again when they change', () => {
    const stopTv = events.followTopic('tv');
    const stopChat = events.followTopic('chat-tv');
    vi.advanceTimersByTime(0);
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
      `${streamPath}?topics=tv,chat-tv&locale=ru-cyrl`,
    ]);
    stopChat();
    vi.advanceTimersByTime(0);
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
    expect(latest().url).toBe(`${streamPath}?topics=tv&locale=ru-cyrl`);
    stopTv();
    vi.advanceTimersByTime(0);
    expect(latest().closed).toBe(true);
  });

  it('puts each state event where its call’s answer goes, and counts as pushing from the first event', () => {
    const client = new QueryClient();
    events.connectLiveEvents(client);
    events.followTopic('tv');
    events.followTopic('radio');
    vi.advanceTimersByTime(0);
    expect(events.isPushing()).toBe(false);
    const day = {
      id: 4,
      status: 1,
      index: 2,
      date_to_start: '2026-11-25',
      time_to_start: '00:00:00',
      finished_text: '',
    };
    latest().emit('teleprogram', day);
    latest().emit('tickers', { teleprogram_id: 4, tickers: [] });
    latest().emit('radioprogram-show', { radioprogram_id: 7, show: true });
    expect(events.isPushing()).toBe(true);
    expect(client.getQueryData(['teleprogramRunStatus'])).toEqual(day);
    expect(client.getQueryData(['tickers', { id: 4 }])).toEqual([]);
    expect(client.getQueryData(['radioprogramShow', { id: 7 }])).toEqual({ show: true });
  });

  it('polls while the stream reconnects, and trusts it again once it is back', () => {
    events.followTopic('polls');
    vi.advanceTimersByTime(0);
    latest().emit('polls', []);
    latest().emit('error');
    expect(events.isPushing()).toBe(false);
    latest().readyState = FakeEventSource.OPEN;
    latest().emit('open');
    expect(events.isPushing()).toBe(true);
  });

  it('gives a stream that says nothing for 5 s up (a buffering proxy), polls, and tries again a minute later', () => {
    events.followTopic('tv');
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(5000);
    expect(latest().closed).toBe(true);
    expect(events.isPushing()).toBe(false);
    // A screen that mounts meanwhile does not bring the stream back before its time.
    events.followTopic('chat-tv');
    vi.advanceTimersByTime(59_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe(`${streamPath}?topics=tv,chat-tv&locale=ru-cyrl`);
  });

  it('hands chat events to the chats that listen', () => {
    const heard: unknown[] = [];
    events.onChatEvent((event) => heard.push(event.id));
    events.followTopic('chat-radio');
    vi.advanceTimersByTime(0);
    latest().emit('chat', { room: 'radio', id: 9, replace: true, messages: [], removed: [] });
    expect(heard).toEqual([9]);
  });
});
