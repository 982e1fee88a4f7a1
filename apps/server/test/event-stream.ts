// A page's event stream as a test reads it: the frames of `GET /api/v1/events/` as they come,
// parsed as a browser's EventSource parses them.
import { apiPrefix, eventStreamPath } from '@efir/contract';

export interface StreamEvent {
  id: string | undefined;
  name: string;
  data: unknown;
  at: number;
}

export interface OpenStream {
  events: StreamEvent[];
  /** The id of the last event that had one: what a browser sends back as Last-Event-ID. */
  lastId(): string | undefined;
  close(): void;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
}

export async function openStream(base: string, topics: string, lastEventId?: string): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}${apiPrefix}${eventStreamPath}?topics=${topics}`, {
    headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
    signal: abort.signal,
  });
  if (response.status !== 200 || response.body === null) {
    await response.body?.cancel();
    throw new Error(`the stream answered ${String(response.status)}`);
  }
  const events: StreamEvent[] = [];
  let last: string | undefined = lastEventId;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields = new Map<string, string>();
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) continue;
            const at = line.indexOf(': ');
            if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
          }
          const data = fields.get('data');
          if (fields.has('id')) last = fields.get('id');
          if (data !== undefined)
            events.push({
              id: fields.get('id'),
              name: fields.get('event') ?? 'message',
              data: JSON.parse(data),
              at: Date.now(),
            });
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    events,
    lastId: () => last,
    close: () => {
      abort.abort();
    },
    ended,
  };
}

/** The events of one name, their data. */
export function named<T = unknown>(stream: OpenStream, name: string): T[] {
  return stream.events.filter((event) => event.name === name).map((event) => event.data as T);
}
