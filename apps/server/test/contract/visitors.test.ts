// Visitors and counters from the attacker's side: what a script that drops, forges or keeps its
// cookie, changes its User-Agent or hides behind X-Forwarded-For can add to a vote, a view or a play.
import { calls, errorSchema, visitorLimitDefaults } from '@efir/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { TestClock } from '../clock.ts';
import { TestBrowser } from './helpers.ts';

const cap = visitorLimitDefaults.addressActionsPerHour;

/** The site's clock, which the tests move forward to bring a browser back later. */
const clock = new TestClock();
const site = useTestApp({ clock: clock.now });

const cookieId = (cookie: string | undefined): string | undefined =>
  /^efir_visitor=([\w-]{22})\./u.exec(cookie ?? '')?.[1];

async function pollCounters(polls: number): Promise<number[]> {
  const answer = await new TestBrowser(site().app, '192.0.2.200').request({ url: '/get/oprosnik/' });
  const poll = calls.polls.response.parse(answer.json)[polls];
  if (poll === undefined) throw new Error('the demo has two active polls');
  return [poll.id, poll.otvet_1];
}

async function vote(browser: TestBrowser, pollId: number) {
  return browser.request({ method: 'PUT', url: `/put/oprosnik/${String(pollId)}`, payload: { otvet_1: true } });
}

describe('the visitor cookie', () => {
  it('is issued on the first answer: random, signed, HttpOnly, SameSite=Lax, a year, not Secure over http', async () => {
    const first = await new TestBrowser(site().app, '192.0.2.1').request({ url: '/get/oprosnik/' });
    const header = String(first.response.headers['set-cookie']);
    expect(header).toMatch(
      /^efir_visitor=[\w-]{22}\.[0-9a-z]+\.[\w-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/u,
    );
    const ids = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const browser = new TestBrowser(site().app, '192.0.2.1');
        await browser.request({ url: '/get/oprosnik/' });
        return cookieId(browser.cookie);
      }),
    );
    expect(new Set(ids).size).toBe(5);
  });

  it('is kept by a browser that sends it back: no new cookie, the same visitor', async () => {
    const browser = new TestBrowser(site().app, '192.0.2.2');
    await browser.request({ url: '/get/oprosnik/' });
    const again = await browser.request({ url: '/get/about/' });
    expect(again.response.headers['set-cookie']).toBeUndefined();
  });

  it('is never issued on an answer a shared cache may keep and hand to everyone', async () => {
    const browser = new TestBrowser(site().app, '192.0.2.14');
    const shared = await browser.request({ url: '/translations/ru-cyrl/' });
    expect(shared.response.headers['cache-control']).toMatch(/public/u);
    expect(shared.response.headers['set-cookie']).toBeUndefined();
    const own = await browser.request({ url: '/get/oprosnik/' });
    expect(String(own.response.headers['set-cookie'])).toMatch(/^efir_visitor=/u);
  });

  it.each([
    ['made up', () => `efir_visitor=${'A'.repeat(22)}.${Math.floor(Date.now() / 1000).toString(36)}.${'B'.repeat(43)}`],
    ['of the old address-derived kind', () => `efir_visitor=${'A'.repeat(22)}.${'B'.repeat(43)}`],
    ['garbage', () => 'efir_visitor=..x.'],
  ])('that is %s counts as none: a new one is issued', async (_label, forged) => {
    const browser = new TestBrowser(site().app, '192.0.2.3');
    browser.cookie = forged();
    const answer = await browser.request({ url: '/get/oprosnik/' });
    expect(String(answer.response.headers['set-cookie'])).toMatch(/^efir_visitor=[\w-]{22}\./u);
    expect(browser.cookie).not.toBe(forged());
  });

  it('that was tampered with (another id, an older issue time) counts as none', async () => {
    const browser = new TestBrowser(site().app, '192.0.2.4');
    await browser.request({ url: '/get/oprosnik/' });
    const [id = '', issued = '', signature = ''] = (browser.cookie ?? '').replace('efir_visitor=', '').split('.');
    const tampered = [
      `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${issued}.${signature}`,
      `${id}.${(Number.parseInt(issued, 36) - 86_400).toString(36)}.${signature}`,
      `${id}.${issued}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
    ];
    for (const value of tampered) {
      const forger = new TestBrowser(site().app, '192.0.2.4');
      forger.cookie = `efir_visitor=${value}`;
      const answer = await forger.request({ url: '/get/oprosnik/' });
      expect(answer.response.headers['set-cookie']).toBeDefined();
      expect(cookieId(forger.cookie)).not.toBe(id);
    }
  });
});

describe('counters', () => {
  beforeEach(() => {
    clock.toNextWindow('hour');
  });

  it('two browsers behind one address are two visitors: both votes count, each second vote is a 409', async () => {
    const [pollId = 0, before = 0] = await pollCounters(1);
    const home = [new TestBrowser(site().app, '192.0.2.5'), new TestBrowser(site().app, '192.0.2.5')];
    for (const browser of home) expect((await vote(browser, pollId)).status).toBe(200);
    for (const browser of home) expect((await vote(browser, pollId)).status).toBe(409);
    expect((await pollCounters(1))[1]).toBe(before + 2);
  });

  it(`100 User-Agents from one address without cookies add at most ${String(cap)} votes`, async () => {
    const [pollId = 0, before = 0] = await pollCounters(0);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        vote(new TestBrowser(site().app, '192.0.2.6', `agent ${String(i)}`), pollId),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(cap);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(100 - cap);
    expect(errorSchema.parse(refused[0]?.json).detail).toMatch(/Too many votes from your network/u);
    expect(Number(refused[0]?.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused[0]?.response.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await pollCounters(0))[1]).toBe(before + cap);
    const neighbour = new TestBrowser(site().app, '192.0.2.7');
    expect((await vote(neighbour, pollId)).status).toBe(200);
  });

  it(`100 forged cookies from one address add at most ${String(cap)} views and ${String(cap)} plays`, async () => {
    const views = async (address: string, cookie?: string) => {
      const browser = new TestBrowser(site().app, address);
      browser.cookie = cookie;
      const answer = await browser.request({ method: 'PATCH', url: '/get/video/1/' });
      return calls.video.response.parse(answer.json).prosmotri;
    };
    const plays = async (address: string, cookie?: string) => {
      const browser = new TestBrowser(site().app, address);
      browser.cookie = cookie;
      const answer = await browser.request({ method: 'PATCH', url: '/add/radio/history/1/' });
      return calls.radioPlay.response.parse(answer.json).prosmotri;
    };
    const forged = (i: number) => `efir_visitor=${String(i).padStart(22, 'x')}.${'1'.repeat(6)}.${'C'.repeat(43)}`;
    const viewsBefore = await views('192.0.2.8');
    const playsBefore = await plays('192.0.2.8');
    await Promise.all(Array.from({ length: 100 }, (_, i) => views('192.0.2.9', forged(i))));
    await Promise.all(Array.from({ length: 100 }, (_, i) => plays('192.0.2.9', forged(i))));
    expect(await views('192.0.2.10')).toBe(viewsBefore + cap + 1);
    expect(await plays('192.0.2.10')).toBe(playsBefore + cap + 1);
  });

  it(`100 scripts that fetch a fresh cookie and vote with it at once add at most ${String(cap)} votes`, async () => {
    const [pollId = 0, before = 0] = await pollCounters(1);
    const scripts = Array.from({ length: 100 }, () => new TestBrowser(site().app, '192.0.2.13'));
    for (const script of scripts) await script.request({ url: '/get/oprosnik/' });
    const answers = await Promise.all(scripts.map((script) => vote(script, pollId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(cap);
    expect((await pollCounters(1))[1]).toBe(before + cap);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const [pollId = 0, before = 0] = await pollCounters(0);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        vote(new TestBrowser(site().app, `2001:db8:5:6::${i.toString(16)}`), pollId),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(cap);
    expect((await vote(new TestBrowser(site().app, '2001:db8:5:7::1'), pollId)).status).toBe(200);
    expect((await pollCounters(0))[1]).toBe(before + cap + 1);
  });

  it('believes no X-Forwarded-For by default: a script cannot pose as many addresses', async () => {
    const [, before = 0] = await pollCounters(1);
    const [pollId = 0] = await pollCounters(1);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new TestBrowser(site().app, '192.0.2.11').request({
          method: 'PUT',
          url: `/put/oprosnik/${String(pollId)}`,
          payload: { otvet_1: true },
          headers: { 'x-forwarded-for': `198.18.0.${String(i)}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(cap);
    expect((await pollCounters(1))[1]).toBe(before + cap);
  });

  it(`browsers that kept their cookie past the hour are established: ${String(2 * cap)} behind one address all count`, async () => {
    const [pollId = 0, before = 0] = await pollCounters(1);
    const household = Array.from({ length: 2 * cap }, () => new TestBrowser(site().app, '192.0.2.12'));
    for (const browser of household) await browser.request({ url: '/get/oprosnik/' });
    clock.advance((visitorLimitDefaults.establishedAfterSeconds + 60) * 1000);
    const answers = await Promise.all(household.map((browser) => vote(browser, pollId)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await pollCounters(1))[1]).toBe(before + 2 * cap);
  });
});

describe.each([
  ['its address', ['192.0.2.250']],
  ['a number of hops', 1],
] as const)('behind a proxy the site is told to believe by %s (TRUST_PROXY)', (_label, trustProxy) => {
  const proxied = useTestApp({ config: { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] } });

  it('counts each client the proxy names as its own address, and a spoofed hop changes nothing', async () => {
    const polls = await new TestBrowser(proxied().app, '192.0.2.250').request({ url: '/get/oprosnik/' });
    const pollId = calls.polls.response.parse(polls.json)[0]?.id ?? 0;
    const through = (client: string, spoofed = '') =>
      new TestBrowser(proxied().app, '192.0.2.250').request({
        method: 'PUT',
        url: `/put/oprosnik/${String(pollId)}`,
        payload: { otvet_1: true },
        headers: { 'x-forwarded-for': `${spoofed}${client}` },
      });
    const clients = await Promise.all(Array.from({ length: 30 }, (_, i) => through(`198.18.1.${String(i)}`)));
    expect(clients.every((answer) => answer.status === 200)).toBe(true);
    const spoofing = await Promise.all(
      Array.from({ length: 30 }, (_, i) => through('198.18.2.1', `10.9.9.${String(i)}, `)),
    );
    expect(spoofing.filter((answer) => answer.status === 200)).toHaveLength(cap);
  });
});

describe('over https', () => {
  const secure = useTestApp({ config: { publicUrl: 'https://efir.example' } });

  it('the visitor cookie is Secure', async () => {
    const answer = await new TestBrowser(secure().app).request({ url: '/get/oprosnik/' });
    expect(String(answer.response.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/u);
  });
});
