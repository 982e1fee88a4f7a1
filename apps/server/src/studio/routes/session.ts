// Signing in and out of the studio, and an account's own password. A failed sign-in says the same
// whether the login exists or not, takes as long, and counts against both the login and the
// address; past either limit, sign-ins are refused until the window ends, right or wrong. A
// browser the account signed in from before counts its failures on its own (devices.ts), so no
// one elsewhere can keep an account's owner out. Wrong current passwords in a password change
// count like failed sign-ins, and past the limit the session that guessed ends.
import { type StudioSession, studioLimits, studioPrefix } from '@efir/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie } from '../../lib/cookies.ts';
import { addressKey } from '../../lib/address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordChange } from '../../repositories/audit.ts';
import { giveBackToWindow, secondsLeftInWindow, takeFromWindow } from '../../repositories/rate-windows.ts';
import { visitorSecret } from '../../repositories/settings.ts';
import {
  endSession,
  endSessionsOf,
  findUserByLogin,
  type SessionRow,
  startSession,
  type StudioUserRow,
  updateUser,
} from '../../repositories/studio-accounts.ts';
import { actorOf, callerOf, studioCookie } from '../access.ts';
import { toStudioUser } from '../accounts.ts';
import { deviceCookie, deviceCookieDays, deviceToken, knownDevice } from '../devices.ts';
import type { StudioContext } from '../context.ts';
import { hashPassword, passwordMatches } from '../passwords.ts';
import { studioRoute } from '../route.ts';

const wrong = 'Неверный логин или пароль.';

function sessionView(user: StudioUserRow, session: SessionRow): StudioSession {
  return { user: toStudioUser(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt.toISOString() };
}

/** The answer to a sign-in or a password change past its limit, `seconds` before the window ends. */
function throttled(reply: FastifyReply, seconds: number, detail: string): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, `${detail} Попробуйте снова через ${String(Math.ceil(seconds / 60))} мин.`);
}

export const sessionRoutes: FastifyPluginAsyncZod<StudioContext> = async (app, context) => {
  const { db } = context;
  // Known browsers' tokens are signed with the site's secret, under a name of their own.
  const siteSecret = await visitorSecret(db);
  const secure = context.publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (name: string, value: string, maxAgeSeconds: number): string =>
    `${name}=${value}; Path=${studioPrefix}; Max-Age=${String(maxAgeSeconds)}; HttpOnly; SameSite=Strict${secure}`;
  const setCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number): void => {
    reply.header('set-cookie', cookie(studioCookie, value, maxAgeSeconds));
  };
  /** Ends a session with its audit entry (`action`, on the account), and the browser's cookie. */
  const signOut = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sessionId: string,
    audit: { action: string; userId: number },
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      await endSession(tx, sessionId);
      await recordChange(tx, actorOf(request), { action: audit.action, entity: 'session', entityId: audit.userId });
    });
    setCookie(reply, '', 0);
  };

  app.route({
    ...studioRoute('login'),
    handler: async (request, reply) => {
      const login = request.body.login.trim().toLowerCase();
      const address = addressKey(request.ip);
      const now = context.clock();
      const user = await findUserByLogin(db, login);
      const device =
        user === undefined
          ? undefined
          : knownDevice(siteSecret, parseCookie(request.headers.cookie, deviceCookie), user.id);
      // Every attempt takes its place in its windows before the password is checked, so that
      // attempts made at once cannot slip past a limit together; a right one gives them back.
      const windows =
        device === undefined
          ? [
              { key: `studio-login:${login}`, limit: studioLimits.failuresPerLogin },
              { key: `studio-login-address:${address}`, limit: studioLimits.failuresPerAddress },
            ]
          : [{ key: `studio-login-device:${device}`, limit: studioLimits.failuresPerLogin }];
      const taken: string[] = [];
      for (const { key, limit } of windows) {
        if (!(await takeFromWindow(db, key, 'quarter-hour', limit, now))) break;
        taken.push(key);
      }
      if (taken.length < windows.length) {
        await Promise.all(taken.map((key) => giveBackToWindow(db, key, 'quarter-hour', now)));
        throw throttled(reply, secondsLeftInWindow('quarter-hour', now), 'Слишком много неудачных попыток входа.');
      }
      const matches = await passwordMatches(user?.passwordHash, request.body.password);
      if (user === undefined || !matches || user.disabledAt !== null) {
        await recordChange(
          db,
          { name: login.slice(0, 64), address },
          {
            action: 'session.refused',
            entity: 'session',
            entityId: user?.id ?? null,
          },
        );
        throw new HttpError(401, wrong);
      }
      await Promise.all(taken.map((key) => giveBackToWindow(db, key, 'quarter-hour', now)));
      const { secret, session } = await db.transaction(async (tx) => {
        const started = await startSession(tx, user.id, address, context.session);
        await recordChange(
          tx,
          { userId: user.id, name: user.login, address },
          {
            action: 'session.login',
            entity: 'session',
            entityId: user.id,
          },
        );
        return started;
      });
      reply.header('set-cookie', [
        cookie(studioCookie, secret, context.session.hours * 3600),
        cookie(deviceCookie, deviceToken(siteSecret, user.id), deviceCookieDays * 86_400),
      ]);
      return sessionView(user, session);
    },
  });

  app.route({
    ...studioRoute('session'),
    handler: (request) => {
      const { user, session } = callerOf(request);
      return sessionView(user, session);
    },
  });

  app.route({
    ...studioRoute('logout'),
    handler: async (request, reply) => {
      const { session } = callerOf(request);
      await signOut(request, reply, session.id, { action: 'session.logout', userId: session.userId });
      return { ok: true as const };
    },
  });

  app.route({
    ...studioRoute('logoutEverywhere'),
    handler: async (request, reply) => {
      const { user } = callerOf(request);
      const ended = await db.transaction(async (tx) => {
        const count = await endSessionsOf(tx, user.id);
        await recordChange(tx, actorOf(request), {
          action: 'session.logout-everywhere',
          entity: 'session',
          entityId: user.id,
          after: { ended: count },
        });
        return count;
      });
      setCookie(reply, '', 0);
      return { ended };
    },
  });

  app.route({
    ...studioRoute('passwordChange'),
    handler: async (request, reply) => {
      const { user, session } = callerOf(request);
      const key = `studio-password:${String(user.id)}`;
      const now = context.clock();
      if (!(await takeFromWindow(db, key, 'quarter-hour', studioLimits.failuresPerLogin, now))) {
        // Guessing through a session: it ends, and whoever knows the password signs in again.
        await signOut(request, reply, session.id, { action: 'session.guessing', userId: user.id });
        throw throttled(
          reply,
          secondsLeftInWindow('quarter-hour', now),
          'Слишком много неверных паролей: сеанс завершён.',
        );
      }
      if (!(await passwordMatches(user.passwordHash, request.body.current))) {
        throw new HttpError(403, 'Текущий пароль указан неверно.');
      }
      await giveBackToWindow(db, key, 'quarter-hour', now);
      const passwordHash = await hashPassword(request.body.next);
      await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash });
        // Every other browser signed in as this account signs in again, with the new password.
        await endSessionsOf(tx, user.id, session.id);
        await recordChange(tx, actorOf(request), { action: 'user.password', entity: 'user', entityId: user.id });
      });
      return { ok: true as const };
    },
  });
};
