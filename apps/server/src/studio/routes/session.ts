// Signing in and out of the studio, and an account's own password. A failed sign-in says the same
// whether the login exists or not, takes as long, and counts against both the login and the
// address; past either limit, sign-ins are refused until the window ends, right or wrong.
import { type StudioSession, studioLimits, studioPrefix } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { addressKey } from '../../lib/address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { recordChange } from '../../repositories/audit.ts';
import { giveBackToWindow, secondsLeftInWindow, takeFromWindow } from '../../repositories/rate-windows.ts';
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
import type { StudioContext } from '../context.ts';
import { hashPassword, passwordMatches } from '../passwords.ts';
import { studioRoute } from '../route.ts';

const wrong = 'Неверный логин или пароль.';

function sessionView(user: StudioUserRow, session: SessionRow): StudioSession {
  return { user: toStudioUser(user), csrfToken: session.csrfToken, expiresAt: session.expiresAt.toISOString() };
}

export const sessionRoutes: FastifyPluginCallbackZod<StudioContext> = (app, context, done) => {
  const { db } = context;
  const secure = context.publicUrl.startsWith('https:') ? '; Secure' : '';
  const setCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number): void => {
    reply.header(
      'set-cookie',
      `${studioCookie}=${value}; Path=${studioPrefix}; Max-Age=${String(maxAgeSeconds)}; HttpOnly; SameSite=Strict${secure}`,
    );
  };

  app.route({
    ...studioRoute('login'),
    handler: async (request, reply) => {
      const login = request.body.login.trim().toLowerCase();
      const address = addressKey(request.ip);
      const keys = [`studio-login:${login}`, `studio-login-address:${address}`] as const;
      const now = context.clock();
      // Every attempt takes its place in both windows before the password is checked, so that
      // attempts made at once cannot slip past a limit together; a right one gives them back.
      const tookLogin = await takeFromWindow(db, keys[0], 'quarter-hour', studioLimits.failuresPerLogin, now);
      const tookAddress =
        tookLogin && (await takeFromWindow(db, keys[1], 'quarter-hour', studioLimits.failuresPerAddress, now));
      if (!tookAddress) {
        if (tookLogin) await giveBackToWindow(db, keys[0], 'quarter-hour', now);
        const seconds = secondsLeftInWindow('quarter-hour', now);
        reply.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          `Слишком много неудачных попыток входа. Попробуйте снова через ${String(Math.ceil(seconds / 60))} мин.`,
        );
      }
      const user = await findUserByLogin(db, login);
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
      await Promise.all(keys.map((key) => giveBackToWindow(db, key, 'quarter-hour', now)));
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
      setCookie(reply, secret, context.session.hours * 3600);
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
      await db.transaction(async (tx) => {
        await endSession(tx, session.id);
        await recordChange(tx, actorOf(request), {
          action: 'session.logout',
          entity: 'session',
          entityId: session.userId,
        });
      });
      setCookie(reply, '', 0);
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
    handler: async (request) => {
      const { user, session } = callerOf(request);
      if (!(await passwordMatches(user.passwordHash, request.body.current))) {
        throw new HttpError(403, 'Текущий пароль указан неверно.');
      }
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
  done();
};
