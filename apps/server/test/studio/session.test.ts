// Signing in and out of the studio, from the attacker's side too: the cookie's attributes, the same
// refusal (and about the same time) whether a login exists or not, throttling per login and per
// address that a right password cannot slip through, sessions ended by signing out everywhere,
// by a new password and by idling, and a disabled account that cannot sign in.
import { studioLimits, studioPrefix, studioUrl, type StudioSession } from '@efir/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { studioSession } from '../../src/db/schema/index.ts';
import { studioCookie } from '../../src/studio/access.ts';
import { deviceCookie } from '../../src/studio/devices.ts';
import { TestClock } from '../clock.ts';
import { account, disable, signIn, studioCall, studioSite, useStudioSite } from './studio-site.ts';

const clock = new TestClock();
const site = useStudioSite({}, clock.now);
// Each test's attempts fall in one quarter hour: the throttling windows never split a test's run.
beforeEach(() => {
  clock.toNextWindow('quarter-hour');
});
const password = 'correct horse battery';

function login(body: { login: string; password: string }, address = '192.0.2.1', cookie?: string) {
  return studioCall(site(), undefined, {
    method: 'POST',
    url: '/session',
    payload: body,
    remoteAddress: address,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

/** The known-browser cookie a sign-in set, as `name=value`. */
function knownBrowser(response: { headers: Record<string, string | string[] | number | undefined> }): string {
  const headers = [response.headers['set-cookie']].flat().map(String);
  return headers.find((header) => header.startsWith(`${deviceCookie}=`))?.split(';')[0] ?? '';
}

/** The session cookie a sign-in set, as `name=value`. */
function cookieOf(response: { headers: Record<string, string | string[] | number | undefined> }): string {
  const header = String(response.headers['set-cookie'] ?? '');
  return header.split(';')[0] ?? '';
}

let addresses = 0;
/** An address of its own for a test, so one test's failures do not throttle another's. */
const freshAddress = (): string => {
  addresses += 1;
  return `198.51.100.${String(addresses)}`;
};

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for the studio’s calls only, and answers the session', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const response = await login({ login: name, password }, freshAddress());
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${studioCookie}=[A-Za-z0-9_-]{43}; `, 'u'));
    expect(cookie).toContain(`Path=${studioPrefix}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    const session = response.json<StudioSession>();
    expect(session.user).toMatchObject({ login: name, role: 'editor', disabled: false });
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/u);
    // The cookie signs the next call in; the database keeps only its digest.
    const again = await site().app.inject({
      method: 'GET',
      url: studioUrl('session'),
      headers: { cookie: cookieOf(response) },
    });
    expect(again.json<StudioSession>().user.login).toBe(name);
    const secret = cookieOf(response).split('=')[1] ?? '';
    const stored = await site().database.db.select({ id: studioSession.id }).from(studioSession);
    expect(stored.some((row) => row.id === secret)).toBe(false);
  });

  it('is Secure under an https public address', async () => {
    const secure = await studioSite({ publicUrl: 'https://efir.example' });
    try {
      const { login: name } = await account(secure, 'editor', password);
      const response = await secure.app.inject({
        method: 'POST',
        url: studioUrl('session'),
        headers: { origin: 'https://efir.example' },
        payload: { login: name, password },
      });
      expect(String(response.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });

  it('takes the login in any case and with spaces around it', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const response = await login({ login: `  ${name.toUpperCase()} `, password }, freshAddress());
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown login alike', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const address = freshAddress();
    const wrong = await login({ login: name, password: 'not the password' }, address);
    const unknown = await login({ login: 'nobody-at-all', password: 'not the password' }, address);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    // That both take as long is src/studio/passwords.test.ts's: each verifies an Argon2id hash of
    // the same cost, which a clock in a busy test run could not tell apart reliably.
  });

  it('refuses a disabled account with the same words as a wrong password', async () => {
    const { id, login: name } = await account(site(), 'editor', password);
    await disable(site(), id);
    const response = await login({ login: name, password }, freshAddress());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Неверный логин или пароль.' });
  });

  it('throttles a login after its failures, wherever they come from, even with the right password', async () => {
    const { login: name } = await account(site(), 'editor', password);
    for (let i = 0; i < studioLimits.failuresPerLogin; i += 1) {
      expect((await login({ login: name, password: `wrong ${String(i)}` }, freshAddress())).statusCode).toBe(401);
    }
    const throttled = await login({ login: name, password }, freshAddress());
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(studioLimits.throttleMinutes * 60);
    expect(throttled.headers['set-cookie']).toBeUndefined();
  });

  it('never refuses the right password to a browser the account signed in from, however many fail elsewhere', async () => {
    const { login: name } = await account(site(), 'admin', password);
    const home = freshAddress();
    const first = await login({ login: name, password }, home);
    expect(first.statusCode).toBe(200);
    const device = knownBrowser(first);
    expect(device).toMatch(new RegExp(`^${deviceCookie}=\\d+\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`, 'u'));
    const setCookies = [first.headers['set-cookie']].flat().map(String);
    const deviceSet = setCookies.find((header) => header.startsWith(`${deviceCookie}=`));
    expect(deviceSet).toContain(`Path=${studioPrefix}`);
    expect(deviceSet).toContain('HttpOnly');
    expect(deviceSet).toContain('SameSite=Strict');
    // An attacker fails from other addresses, every quarter hour, for an hour.
    for (let window = 0; window < 4; window += 1) {
      for (let i = 0; i <= studioLimits.failuresPerLogin; i += 1) {
        await login({ login: name, password: `guess ${String(i)}` }, freshAddress());
      }
      expect((await login({ login: name, password }, freshAddress())).statusCode).toBe(429);
      expect((await login({ login: name, password }, home, device)).statusCode).toBe(200);
      clock.toNextWindow('quarter-hour');
    }
  });

  it('counts a known browser’s own failures against it alone, and knows no other account’s or forged token', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const { login: otherName } = await account(site(), 'editor', password);
    const device = knownBrowser(await login({ login: otherName, password }, freshAddress()));
    const forged = `${device.slice(0, -3)}abc`;
    for (const cookie of [device, forged]) {
      // Not a browser of this account: its failures count against the login, as anyone's.
      for (let i = 0; i < studioLimits.failuresPerLogin; i += 1) {
        expect((await login({ login: name, password: 'wrong' }, freshAddress(), cookie)).statusCode).toBe(401);
      }
      expect((await login({ login: name, password }, freshAddress(), cookie)).statusCode).toBe(429);
      clock.toNextWindow('quarter-hour');
    }
    const own = knownBrowser(await login({ login: name, password }, freshAddress()));
    for (let i = 0; i < studioLimits.failuresPerLogin; i += 1) {
      expect((await login({ login: name, password: 'wrong' }, freshAddress(), own)).statusCode).toBe(401);
    }
    expect((await login({ login: name, password }, freshAddress(), own)).statusCode).toBe(429);
    // The login itself was not held back by the known browser's failures.
    expect((await login({ login: name, password }, freshAddress())).statusCode).toBe(200);
  });

  it('throttles an unknown login the same way: throttling tells nothing either', async () => {
    for (let i = 0; i < studioLimits.failuresPerLogin; i += 1)
      await login({ login: 'ghost-login', password: 'x' }, freshAddress());
    expect((await login({ login: 'ghost-login', password: 'x' }, freshAddress())).statusCode).toBe(429);
  });

  it('throttles an address trying many logins, and lets its right ones through no more', async () => {
    const address = freshAddress();
    for (let i = 0; i < studioLimits.failuresPerAddress; i += 1) {
      expect((await login({ login: `guess-${String(i)}`, password: 'x' }, address)).statusCode).toBe(401);
    }
    const { login: name } = await account(site(), 'editor', password);
    expect((await login({ login: name, password }, address)).statusCode).toBe(429);
    // Another address is not held back by this one.
    expect((await login({ login: name, password }, freshAddress())).statusCode).toBe(200);
  });

  it('lets no burst of attempts made at once past the limit', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ login: name, password: `burst ${String(i)}` }, freshAddress())),
    );
    const tried = answers.filter((response) => response.statusCode === 401).length;
    expect(tried).toBe(studioLimits.failuresPerLogin);
    expect(answers.filter((response) => response.statusCode === 429)).toHaveLength(20 - tried);
  });

  it('refuses a sign-in from another site’s page', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const response = await studioCall(site(), undefined, {
      method: 'POST',
      url: '/session',
      payload: { login: name, password },
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('sessions', () => {
  it('signs out this browser, and everywhere', async () => {
    const { id } = await account(site(), 'editor', password);
    const [first, second, third] = [await signIn(site(), id), await signIn(site(), id), await signIn(site(), id)];
    const out = await studioCall(site(), first, { method: 'DELETE', url: '/session' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await studioCall(site(), first, { url: '/session' })).statusCode).toBe(401);
    expect((await studioCall(site(), second, { url: '/session' })).statusCode).toBe(200);
    const everywhere = await studioCall(site(), second, { method: 'DELETE', url: '/sessions' });
    expect(everywhere.json()).toEqual({ ended: 2 });
    expect((await studioCall(site(), third, { url: '/session' })).statusCode).toBe(401);
  });

  it('a new password signs out the account’s other browsers, and the old one no longer works', async () => {
    const { id, login: name } = await account(site(), 'editor', password);
    const [mine, other] = [await signIn(site(), id), await signIn(site(), id)];
    const wrong = await studioCall(site(), mine, {
      method: 'PUT',
      url: '/session/password',
      payload: { current: 'not it', next: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(403);
    const changed = await studioCall(site(), mine, {
      method: 'PUT',
      url: '/session/password',
      payload: { current: password, next: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await studioCall(site(), mine, { url: '/session' })).statusCode).toBe(200);
    expect((await studioCall(site(), other, { url: '/session' })).statusCode).toBe(401);
    expect((await login({ login: name, password }, freshAddress())).statusCode).toBe(401);
    expect((await login({ login: name, password: 'a brand new password' }, freshAddress())).statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins, and ends the session that keeps guessing', async () => {
    const { id, login: name } = await account(site(), 'editor', password);
    const guessing = await signIn(site(), id);
    const change = (current: string) =>
      studioCall(site(), guessing, {
        method: 'PUT',
        url: '/session/password',
        payload: { current, next: 'a brand new password' },
      });
    for (let i = 0; i < studioLimits.failuresPerLogin; i += 1) {
      expect((await change(`guess ${String(i)}`)).statusCode).toBe(403);
    }
    const stopped = await change(password);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(stopped.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await studioCall(site(), guessing, { url: '/session' })).statusCode).toBe(401);
    // The password stayed; its owner signs in with it.
    expect((await login({ login: name, password }, freshAddress())).statusCode).toBe(200);
  });

  it('refuses a password shorter than the rule', async () => {
    const { id } = await account(site(), 'editor', password);
    const response = await studioCall(site(), await signIn(site(), id), {
      method: 'PUT',
      url: '/session/password',
      payload: { current: password, next: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain(String(studioLimits.passwordMin));
  });

  it('ends a session left idle past the limit, and one past its end', async () => {
    const { id } = await account(site(), 'editor', password);
    const idle = await signIn(site(), id);
    await site()
      .database.db.update(studioSession)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${studioLimits.sessionIdleMinutes + 1})` })
      .where(eq(studioSession.userId, id));
    expect((await studioCall(site(), idle, { url: '/session' })).statusCode).toBe(401);
    const used = await signIn(site(), id);
    expect((await studioCall(site(), used, { url: '/session' })).statusCode).toBe(200);
  });

  it('knows nothing of a made-up or tampered cookie', async () => {
    const { id } = await account(site(), 'admin', password);
    const real = await signIn(site(), id);
    const forged = { ...real, cookie: `${real.cookie.slice(0, -2)}xx` };
    expect((await studioCall(site(), forged, { url: '/users' })).statusCode).toBe(401);
    expect((await studioCall(site(), { ...real, cookie: `${studioCookie}=` }, { url: '/users' })).statusCode).toBe(401);
  });

  it('writes each sign-in, refusal and sign-out in the audit log', async () => {
    const { login: name } = await account(site(), 'editor', password);
    const address = freshAddress();
    await login({ login: name, password: 'wrong' }, address);
    await login({ login: name, password }, address);
    const rows = await site().database.db.execute<{ action: string; actor: string; address: string }>(
      sql`SELECT action, actor, address FROM audit_entry WHERE actor = ${name} ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      { action: 'session.refused', actor: name, address },
      { action: 'session.login', actor: name, address },
    ]);
  });
});
