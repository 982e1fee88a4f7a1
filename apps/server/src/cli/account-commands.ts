// `efir user …`: the studio's accounts, on the running site's operators' calls or on the database.
import {
  type AdminClient,
  loginSchema,
  passwordSchema,
  type StudioRole,
  studioRoleSchema,
  type StudioUser,
} from '@efir/contract';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.ts';
import { findUserByLogin, listUsers } from '../repositories/studio-accounts.ts';
import { changeAccount, createAccount, toStudioUser } from '../studio/accounts.ts';
import { parsed, UsageError } from './usage.ts';

/** A change of an account: a new role, enabled or disabled, a new password (or one to make). */
export interface AccountChange {
  role?: StudioRole;
  disabled?: boolean;
  password?: string | true;
}

/** The studio's accounts, wherever they are: the running site's operators' calls or the database. */
export interface Accounts {
  list(): Promise<StudioUser[]>;
  add(login: string, role: StudioRole, password: string | undefined): Promise<{ user: StudioUser; password?: string }>;
  change(login: string, change: AccountChange): Promise<{ user: StudioUser; password?: string }>;
}

export function siteAccounts(admin: AdminClient): Accounts {
  return {
    list: () => admin('users'),
    add: (login, role, password) =>
      admin('userAdd', { body: { login, role, ...(password === undefined ? {} : { password }) } }),
    change: (login, change) => admin('userUpdate', { params: { login }, body: change }),
  };
}

export function localAccounts(database: Database): Accounts {
  const db = database.db;
  // The command line on the database itself: the audit log names it so.
  const actor = { name: 'cli', address: 'local' };
  return {
    list: async () => (await listUsers(db)).map(toStudioUser),
    add: async (login, role, password) => {
      const made = await createAccount(db, actor, { login, role, ...(password === undefined ? {} : { password }) });
      return { user: toStudioUser(made.user), ...(made.password === undefined ? {} : { password: made.password }) };
    },
    change: async (login, change) => {
      const found = await findUserByLogin(db, login);
      if (found === undefined) throw new Error(`no account ${login}`);
      const made = await changeAccount(db, actor, found.id, {
        ...(change.role === undefined ? {} : { role: change.role }),
        ...(change.disabled === undefined ? {} : { disabled: change.disabled }),
        ...(change.password === undefined ? {} : { newPassword: change.password }),
      });
      return { user: toStudioUser(made.user), ...(made.password === undefined ? {} : { password: made.password }) };
    },
  };
}

export type UserAction =
  | { kind: 'user-list' }
  | { kind: 'user-add'; login: string; role: StudioRole; passwordStdin: boolean }
  | { kind: 'user-change'; login: string; change: AccountChange; passwordStdin: boolean };

/** What `user …` asks for. */
export function userAction(sub: string | undefined, args: string[]): UserAction {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { role: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
  });
  const passwordStdin = values['password-stdin'] === true;
  if (sub === 'list' && positionals.length === 0) return { kind: 'user-list' };
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError("give the account's login");
  const login = parsed(loginSchema, name, 'login');
  if (sub === 'add' && rest.length === 0) {
    return { kind: 'user-add', login, role: parsed(studioRoleSchema, values.role, '--role'), passwordStdin };
  }
  if (sub === 'passwd' && rest.length === 0) return { kind: 'user-change', login, change: {}, passwordStdin };
  if (sub === 'role' && rest.length === 1) {
    return { kind: 'user-change', login, change: { role: parsed(studioRoleSchema, rest[0], 'role') }, passwordStdin };
  }
  if ((sub === 'disable' || sub === 'enable') && rest.length === 0) {
    return { kind: 'user-change', login, change: { disabled: sub === 'disable' }, passwordStdin };
  }
  throw new UsageError(`unknown command: user ${[sub, ...args].join(' ')}`);
}

/** A password read from standard input (its first line), checked as the studio checks one. */
export function passwordFromStdin(io: { readStdin: () => string }): string {
  const line = io.readStdin().split(/\r?\n/u)[0] ?? '';
  return parsed(passwordSchema, line, 'the password');
}

export function describeUser(user: StudioUser): string {
  return `${user.login} ${user.role}${user.disabled ? ' (disabled)' : ''}`;
}
