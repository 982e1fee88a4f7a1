// The studio's accounts, for admins: who they are and when they were last seen; changing a role,
// disabling an account (which signs it out everywhere), a new password shown once, a new account.
import { type StudioRole, type StudioUser, studioRoleSchema } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { AddButton, PageHeader } from '../../components/page-header.tsx';
import { Table } from '../../components/table.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { type UserChange, usersQuery, useUpdateUser } from './api.ts';
import { type MadePassword, PasswordDialog } from './password-dialog.tsx';
import { roleLabels } from '../../lib/roles.ts';
import { UserAddDialog } from './user-add-dialog.tsx';
import './users.css';
import { CallProblem } from '../../components/fields.tsx';

/** A change waiting for the admin's word. */
type Pending =
  | { kind: 'role'; user: StudioUser; role: StudioRole }
  | { kind: 'disable'; user: StudioUser }
  | { kind: 'password'; user: StudioUser };

function confirmation(pending: Pending): { title: string; message: string; confirm: string } {
  const login = `«${pending.user.login}»`;
  switch (pending.kind) {
    case 'role':
      return {
        title: 'Сменить роль?',
        message: `Учётная запись ${login} получит роль «${roleLabels[pending.role]}». Новая роль действует сразу, даже в уже открытой студии.`,
        confirm: 'Сменить роль',
      };
    case 'disable':
      return {
        title: 'Отключить учётную запись?',
        message: `Под логином ${login} больше нельзя будет войти в студию, а все его сеансы сразу закончатся на всех устройствах. Включить учётную запись снова можно в любой момент.`,
        confirm: 'Отключить',
      };
    case 'password':
      return {
        title: 'Выдать новый пароль?',
        message: `Прежний пароль для ${login} перестанет действовать, а все сеансы под этим логином закончатся на всех устройствах. Новый пароль будет показан один раз.`,
        confirm: 'Выдать пароль',
      };
  }
}

function changeOf(pending: Pending): UserChange {
  switch (pending.kind) {
    case 'role':
      return { role: pending.role };
    case 'disable':
      return { disabled: true };
    case 'password':
      return { newPassword: true };
  }
}

const headings = ['Логин', 'Роль', 'Состояние', 'Последняя активность', 'Добавлен', 'Действия'] as const;

export default function UsersPage() {
  const users = useQuery(usersQuery);
  const update = useUpdateUser();
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<MadePassword | null>(null);
  const ask = (next: Pending): void => {
    update.reset();
    setPending(next);
  };
  const asked = pending === null ? undefined : confirmation(pending);
  return (
    <>
      <PageHeader title="Пользователи" about="Учётные записи студии: кто и с какой ролью может в неё войти.">
        <AddButton
          label="Добавить пользователя"
          onClick={() => {
            setAdding(true);
          }}
        />
      </PageHeader>
      <CallProblem call={users} />
      <Table
        caption="Пользователи студии"
        query={users}
        headings={headings}
        rows={users.data ?? []}
        none="Учётных записей нет."
        row={(user) => (
          <tr key={user.id}>
            <td className="users__login">{user.login}</td>
            <td>
              <select
                className="select users__role"
                aria-label={`Роль ${user.login}`}
                value={user.role}
                onChange={(event) => {
                  const role = studioRoleSchema.options.find((entry) => entry === event.target.value);
                  if (role !== undefined && role !== user.role) ask({ kind: 'role', user, role });
                }}
              >
                {studioRoleSchema.options.map((role) => (
                  <option key={role} value={role}>
                    {roleLabels[role]}
                  </option>
                ))}
              </select>
            </td>
            <td>
              {user.disabled ? (
                <span className="badge badge--danger">Отключён</span>
              ) : (
                <span className="badge badge--ok">Активен</span>
              )}
            </td>
            <td>{user.lastSeenAt === null ? '—' : formatDateTime(user.lastSeenAt)}</td>
            <td>{formatDate(user.createdAt)}</td>
            <td>
              <div className="users__actions">
                {user.disabled ? (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={update.isPending}
                    onClick={() => {
                      update.mutate(
                        { id: user.id, change: { disabled: false } },
                        {
                          onSuccess: () => {
                            toast(`Учётная запись «${user.login}» включена`);
                          },
                          onError: (error) => {
                            toast(problemOf(error), true);
                          },
                        },
                      );
                    }}
                  >
                    Включить<span className="visually-hidden"> {user.login}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      ask({ kind: 'disable', user });
                    }}
                  >
                    Отключить<span className="visually-hidden"> {user.login}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    ask({ kind: 'password', user });
                  }}
                >
                  Новый пароль<span className="visually-hidden"> для {user.login}</span>
                </button>
              </div>
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title={asked?.title ?? ''}
        message={asked?.message ?? ''}
        confirm={asked?.confirm ?? ''}
        busy={update.isPending}
        problem={update.isError ? problemOf(update.error) : undefined}
        onConfirm={() => {
          if (pending === null) return;
          update.mutate(
            { id: pending.user.id, change: changeOf(pending) },
            {
              onSuccess: ({ user, password }) => {
                setPending(null);
                if (password !== undefined) {
                  setMade({ login: user.login, password });
                } else if (pending.kind === 'role') {
                  toast(`«${user.login}» теперь ${roleLabels[user.role].toLowerCase()}`);
                } else {
                  toast(`Учётная запись «${user.login}» отключена`);
                }
              },
            },
          );
        }}
        onClose={() => {
          setPending(null);
        }}
      />
      <UserAddDialog
        open={adding}
        onClose={() => {
          setAdding(false);
        }}
        onMade={setMade}
      />
      <PasswordDialog
        made={made}
        onClose={() => {
          setMade(null);
        }}
      />
    </>
  );
}
