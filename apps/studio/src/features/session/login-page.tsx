// Signing in: login and password; a refusal says so without telling whether the login exists.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CallProblem, fieldOf, PasswordField, TextField } from '../../components/fields.tsx';
import { studio } from '../../lib/api.ts';
import { holdSession } from './use-session.ts';

const loginForm = z.object({
  login: z.string().trim().min(1, 'Введите логин'),
  password: z.string().min(1, 'Введите пароль'),
});
type LoginForm = z.infer<typeof loginForm>;

export function LoginPage() {
  const form = useForm<LoginForm>({ resolver: zodResolver(loginForm), defaultValues: { login: '', password: '' } });
  const login = useMutation({
    mutationFn: (values: LoginForm) => studio('login', { body: values }),
    onSuccess: (session) => {
      holdSession(session);
    },
  });
  return (
    <main className="login">
      <div className="panel">
        <h1>
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeOpacity=".45" strokeWidth="2.5" />
            <circle cx="16" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <circle cx="16" cy="16" r="3.5" fill="#c62828" />
          </svg>
          Студия «Эфира»
        </h1>
        <form
          className="form"
          noValidate
          onSubmit={form.handleSubmit((values) => {
            login.mutate(values);
          })}
        >
          <TextField label="Логин" autoComplete="username" {...fieldOf(form, 'login')} />
          <PasswordField label="Пароль" autoComplete="current-password" {...fieldOf(form, 'password')} />
          <CallProblem call={login} />
          <button type="submit" className="button button--primary" disabled={login.isPending}>
            Войти
          </button>
        </form>
      </div>
    </main>
  );
}
