// The studio's accounts: roles, logins and passwords, sessions, and the audit log of what each did.
import { z } from 'zod';
import { canonicalIntegerSchema } from './calls.ts';
import { studioLimits } from './constants.ts';
import { dateSchema } from './entities.ts';

export const studioRoles = ['admin', 'editor', 'moderator'] as const;
export const studioRoleSchema = z.enum(studioRoles);
export type StudioRole = z.infer<typeof studioRoleSchema>;

/** A login: what an account signs in with, lower-case letters, digits, dot, dash and underscore. */
export const loginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9][a-z0-9._-]{1,63}$/u,
    'Логин: от 2 до 64 символов, латинские буквы, цифры, точка, дефис и подчёркивание',
  );

export const passwordSchema = z
  .string()
  .min(studioLimits.passwordMin, `Пароль: не короче ${String(studioLimits.passwordMin)} символов`)
  .max(studioLimits.passwordMax, `Пароль: не длиннее ${String(studioLimits.passwordMax)} символов`);

export const studioUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  role: studioRoleSchema,
  disabled: z.boolean(),
  createdAt: z.string().describe('ISO 8601 date-time'),
  lastSeenAt: z.string().nullable().describe('the last call of any of its sessions'),
});
export type StudioUser = z.infer<typeof studioUserSchema>;

export const studioSessionSchema = z.object({
  user: studioUserSchema,
  csrfToken: z.string().describe('sent back as the X-CSRF-Token header of every call that changes something'),
  expiresAt: z.string().describe('the absolute end of this session (ISO 8601); it ends earlier when idle'),
});
export type StudioSession = z.infer<typeof studioSessionSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().describe("the account's login, or 'token' for the operators' bearer token"),
  action: z.string().describe('what was done, as entity.verb: video.update, user.add, session.login…'),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  before: z.unknown().describe('the entity before the change; null when it was made'),
  after: z.unknown().describe('the entity after the change; null when it was removed'),
  address: z.string(),
  names: z
    .record(z.string(), z.string())
    .optional()
    .describe(
      "a channel's day: the title of each programme its versions name, by id (one the catalogue no longer has is left out)",
    ),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: canonicalIntegerSchema(1, 100_000).optional().default(1),
  actor: z.string().max(64).optional(),
  entity: z.string().max(40).optional(),
  action: z.string().max(60).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
