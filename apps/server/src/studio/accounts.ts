// The studio's accounts as the calls show them, and the rules every way of managing them shares
// (the studio's calls and the command line): a new account gets a password it was given or one
// made for it, and the last enabled admin can be neither disabled nor made another role.
import type { StudioRole, StudioUser } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { HttpError } from '../lib/http-error.ts';
import { type Actor, recordChange } from '../repositories/audit.ts';
import {
  addUser,
  endSessionsOf,
  findUser,
  lockEnabledAdmins,
  type StudioUserRow,
  updateUser,
} from '../repositories/studio-accounts.ts';
import { hashPassword, makePassword } from './passwords.ts';

export function toStudioUser(row: StudioUserRow & { lastSeenAt?: Date | null }): StudioUser {
  return {
    id: row.id,
    login: row.login,
    role: row.role as StudioRole,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of an account: never its password's hash. */
function audited(row: StudioUserRow): object {
  return { login: row.login, role: row.role, disabled: row.disabledAt !== null };
}

/** Adds an account; answers it and the password made for it when none was given. */
export async function createAccount(
  db: Db,
  actor: Actor,
  fields: { login: string; role: StudioRole; password?: string },
): Promise<{ user: StudioUserRow; password?: string }> {
  const made = fields.password === undefined ? makePassword() : undefined;
  const passwordHash = await hashPassword(fields.password ?? made ?? '');
  return db.transaction(async (tx) => {
    const user = await addUser(tx, { login: fields.login, role: fields.role, passwordHash });
    if (user === undefined) throw new HttpError(409, `Логин «${fields.login}» уже занят.`);
    await recordChange(tx, actor, { action: 'user.add', entity: 'user', entityId: user.id, after: audited(user) });
    return { user, ...(made === undefined ? {} : { password: made }) };
  });
}

/**
 * Changes an account's role, enables or disables it, or gives it a new password (made here, or
 * the one given); a disabled account and one with a new password are signed out everywhere.
 */
export async function changeAccount(
  db: Db,
  actor: Actor,
  id: number,
  change: { role?: StudioRole; disabled?: boolean; newPassword?: true | string },
): Promise<{ user: StudioUserRow; password?: string }> {
  const made = change.newPassword === true ? makePassword() : undefined;
  const password = typeof change.newPassword === 'string' ? change.newPassword : made;
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return db.transaction(async (tx) => {
    const before = await findUser(tx, id);
    if (before === undefined) throw new HttpError(404, 'Нет такой учётной записи.');
    const losesAdmin =
      before.role === 'admin' &&
      before.disabledAt === null &&
      ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
    if (losesAdmin && (await lockEnabledAdmins(tx)) <= 1) {
      throw new HttpError(409, 'Это последний администратор: сначала назначьте другого.');
    }
    const user = await updateUser(tx, id, {
      ...(change.role === undefined ? {} : { role: change.role }),
      ...(change.disabled === undefined
        ? {}
        : { disabledAt: change.disabled ? (before.disabledAt ?? new Date()) : null }),
      ...(passwordHash === undefined ? {} : { passwordHash }),
    });
    if (user === undefined) throw new HttpError(404, 'Нет такой учётной записи.');
    // A role is read with the session at every call: a new one applies at once without this.
    if (change.disabled === true || passwordHash !== undefined) await endSessionsOf(tx, id);
    await recordChange(tx, actor, {
      action: passwordHash !== undefined ? 'user.password' : 'user.update',
      entity: 'user',
      entityId: id,
      before: audited(before),
      after: audited(user),
    });
    return { user, ...(made === undefined ? {} : { password: made }) };
  });
}
