// The signed-in account: who it is, a new password (the old one asked again), and signing out of
// every browser at once, for a lost laptop or a shared computer.
import { passwordSchema, studioLimits } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { CallProblem, fieldOf, PasswordField } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf, studio } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { roleLabels } from '../../lib/roles.ts';
import { signOut, useSession } from './use-session.ts';

const passwordForm = z
  .object({
    current: z.string().min(1, 'Введите текущий пароль'),
    next: passwordSchema,
    repeat: z.string(),
  })
  .refine((form) => form.next === form.repeat, { message: 'Пароли не совпадают', path: ['repeat'] });
type PasswordForm = z.infer<typeof passwordForm>;

function PasswordChange() {
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { current: '', next: '', repeat: '' },
  });
  const toast = useToast();
  const change = useMutation({
    mutationFn: (values: PasswordForm) =>
      studio('passwordChange', { body: { current: values.current, next: values.next } }),
    onSuccess: () => {
      form.reset();
      toast('Пароль изменён. На других устройствах нужно войти заново.');
    },
  });
  return (
    <form
      className="panel form"
      noValidate
      aria-labelledby="password-change"
      onSubmit={form.handleSubmit((values) => {
        change.mutate(values);
      })}
    >
      <h2 id="password-change">Сменить пароль</h2>
      <PasswordField label="Текущий пароль" autoComplete="current-password" {...fieldOf(form, 'current')} />
      <PasswordField
        label="Новый пароль"
        autoComplete="new-password"
        hint={`Не короче ${String(studioLimits.passwordMin)} символов; удобнее всего — несколько слов подряд.`}
        {...fieldOf(form, 'next')}
      />
      <PasswordField label="Новый пароль ещё раз" autoComplete="new-password" {...fieldOf(form, 'repeat')} />
      <CallProblem call={change} />
      <div className="row">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          Сменить пароль
        </button>
      </div>
    </form>
  );
}

function SignOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const end = useMutation({
    mutationFn: () => studio('logoutEverywhere'),
    onSuccess: signOut,
  });
  return (
    <section className="panel stack" aria-labelledby="sign-out-everywhere">
      <h2 id="sign-out-everywhere">Выйти на всех устройствах</h2>
      <p className="muted">Завершает все сеансы этой учётной записи, и этот тоже: везде нужно будет войти заново.</p>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => {
            end.reset();
            setAsking(true);
          }}
        >
          Выйти везде
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Выйти на всех устройствах?"
        message="Все сеансы этой учётной записи закончатся, и этот тоже."
        confirm="Выйти везде"
        busy={end.isPending}
        problem={end.isError ? problemOf(end.error) : undefined}
        onConfirm={() => {
          end.mutate();
        }}
        onClose={() => {
          setAsking(false);
        }}
      />
    </section>
  );
}

export default function AccountPage() {
  const session = useSession().data;
  if (session === null || session === undefined) return null;
  return (
    <>
      <PageHeader title="Учётная запись" />
      <div className="stack">
        <section className="panel" aria-labelledby="account-who">
          <h2 id="account-who">Кто вошёл</h2>
          <dl className="facts">
            <dt>Логин</dt>
            <dd>{session.user.login}</dd>
            <dt>Роль</dt>
            <dd>{roleLabels[session.user.role]}</dd>
            <dt>Сеанс закончится</dt>
            <dd>не позже {formatDateTime(session.expiresAt)}, а если долго ничего не делать — раньше</dd>
          </dl>
        </section>
        <PasswordChange />
        <SignOutEverywhere />
      </div>
    </>
  );
}
