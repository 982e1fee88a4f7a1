// Accounts and the audit log, for admins.
import { studioLimits } from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { listUsers } from '../../repositories/studio-accounts.ts';
import { addDays, instantOf } from '../../lib/clock.ts';
import { actorOf } from '../access.ts';
import { changeAccount, createAccount, toStudioUser } from '../accounts.ts';
import { auditLogPage } from '../audit-log.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

export const accountRoutes: FastifyPluginCallbackZod<StudioContext & { timeZone: string }> = (app, context, done) => {
  const { db } = context;

  app.route({ ...studioRoute('users'), handler: async () => (await listUsers(db)).map(toStudioUser) });

  app.route({
    ...studioRoute('userAdd'),
    handler: async (request) => {
      const { user, password } = await createAccount(db, actorOf(request), request.body);
      return { user: toStudioUser(user), ...(password === undefined ? {} : { password }) };
    },
  });

  app.route({
    ...studioRoute('userUpdate'),
    handler: async (request) => {
      const { user, password } = await changeAccount(db, actorOf(request), request.params.id, {
        ...(request.body.role === undefined ? {} : { role: request.body.role }),
        ...(request.body.disabled === undefined ? {} : { disabled: request.body.disabled }),
        ...(request.body.newPassword === undefined ? {} : { newPassword: true as const }),
      });
      return { user: toStudioUser(user), ...(password === undefined ? {} : { password }) };
    },
  });

  app.route({
    ...studioRoute('audit'),
    handler: async (request) => {
      const { page, actor, entity, action, from, to } = request.query;
      return auditLogPage(
        db,
        context.channels,
        {
          actor,
          entity,
          action,
          // Days are the schedules' calendar days: `to` takes its whole day.
          ...(from === undefined ? {} : { from: instantOf(context.timeZone, from, '00:00:00') }),
          ...(to === undefined ? {} : { to: instantOf(context.timeZone, addDays(to, 1), '00:00:00') }),
        },
        page,
        studioLimits.auditPageSize,
      );
    },
  });
  done();
};
