// A chat flooded as a script would flood it: 200 fake visitors, from one address and from many.
import { calls, errorSchema, visitorLimitDefaults } from '@efir/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { TestClock } from '../clock.ts';
import { TestBrowser, call } from './helpers.ts';

const clock = new TestClock();
const site = useTestApp({ clock: clock.now });
const limits = visitorLimitDefaults;

const say = (browser: TestBrowser, url: string, message: string) =>
  browser.request({ method: 'POST', url, payload: { name: 'Гость', message } });

async function stored(url: string, marker: string): Promise<number> {
  const { body } = await call(site().app, calls.chatMessages.response, { url });
  return body.filter((message) => message.message.startsWith(marker)).length;
}

describe('a chat flood', () => {
  beforeEach(() => {
    clock.toNextWindow('minute');
  });

  it(`200 fake visitors from one address: ${String(limits.chatNewcomersPerMinute)} a minute get through, the rest are refused`, async () => {
    const url = '/chat/teleprogram/4/';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        say(new TestBrowser(site().app, '192.0.2.30', `bot ${String(i)}`), url, `спам ${String(i)}`),
      ),
    );
    const posted = answers.filter((answer) => answer.status === 201).length;
    expect(posted).toBe(limits.chatNewcomersPerMinute);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(200 - posted);
    expect(errorSchema.parse(refused[0]?.json).detail).toMatch(/Too many new visitors/u);
    expect(Number(refused[0]?.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(url, 'спам')).toBe(posted);
    const neighbour = new TestBrowser(site().app, '192.0.2.31');
    expect((await say(neighbour, url, 'обычный зритель')).status).toBe(201);
  });

  it('200 fake visitors from 200 addresses: the room goes into slow mode and refuses most of them', async () => {
    const url = '/chat/radio/4/';
    const regular = new TestBrowser(site().app, '192.0.2.40');
    await regular.request({ url });
    clock.advance((limits.chatSlowModeSeconds + 1) * 1000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        say(
          new TestBrowser(site().app, `198.51.${String(100 + Math.floor(i / 100))}.${String(i % 100)}`),
          url,
          `флуд ${String(i)}`,
        ),
      ),
    );
    const posted = answers.filter((answer) => answer.status === 201).length;
    expect(posted).toBeGreaterThanOrEqual(limits.chatSlowModeRate);
    expect(posted).toBeLessThan(limits.chatSlowModeRate + 10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(150);
    expect(errorSchema.parse(refused[0]?.json).detail).toBe(
      `This chat is in slow mode: one message every ${String(limits.chatSlowModeSeconds)} seconds.`,
    );
    expect(await stored(url, 'флуд')).toBe(posted);

    // A viewer who opened the page earlier may speak, once per slow-mode period.
    expect((await say(regular, url, 'я тут давно')).status).toBe(201);
    clock.advance(1100);
    const again = await say(regular, url, 'и ещё');
    expect(again.status).toBe(429);
    expect(again.response.headers['retry-after']).toBe(String(limits.chatSlowModeSeconds));

    // Another room is not slowed: a visitor posts there once a second.
    const elsewhere = new TestBrowser(site().app, '192.0.2.41');
    expect((await say(elsewhere, '/chat/teleprogram/5/', 'раз')).status).toBe(201);
    clock.advance(1100);
    expect((await say(elsewhere, '/chat/teleprogram/5/', 'два')).status).toBe(201);
  });
});
