// Adding an account: its login and role, and a password only when the admin wants to choose it;
// otherwise the server makes one, which the users screen then shows once.
import { loginSchema, passwordSchema, studioRoleSchema } from '@efir/contract';
import { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { useAddUser } from './api.ts';
import { useDialogForm } from '../../lib/dialog-form.ts';
import type { MadePassword } from './password-dialog.tsx';
import { roleLabels, rolesHint } from '../../lib/roles.ts';

const addSchema = z.object({
  login: loginSchema,
  role: studioRoleSchema,
  // An empty field asks the server to make the password.
  password: z
    .string()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(passwordSchema.optional()),
});
type AddInput = z.input<typeof addSchema>;

const blank: AddInput = { login: '', role: 'editor', password: '' };

export function UserAddDialog({
  open,
  onClose,
  onMade,
}: {
  open: boolean;
  onClose: () => void;
  onMade: (made: MadePassword) => void;
}) {
  const add = useAddUser();
  const toast = useToast();
  const { form, errors, close } = useDialogForm(addSchema, blank, add, onClose);
  return (
    <Dialog open={open} title="Новый пользователь" onClose={close} narrow>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          add.mutate(values, {
            onSuccess: ({ user, password }) => {
              toast(`Пользователь «${user.login}» добавлен`);
              close();
              if (password !== undefined) onMade({ login: user.login, password });
            },
          });
        })}
      >
        <TextField
          label="Логин"
          hint="Латинские буквы, цифры, точка, дефис и подчёркивание"
          autoComplete="off"
          registration={form.register('login')}
          error={errors.login}
        />
        <SelectField
          label="Роль"
          hint={rolesHint}
          registration={form.register('role')}
          error={errors.role}
          choices={studioRoleSchema.options.map((role) => ({ value: role, label: roleLabels[role] }))}
        />
        <TextField
          label="Пароль"
          type="password"
          autoComplete="new-password"
          hint="Оставьте пустым, и пароль будет создан"
          registration={form.register('password')}
          error={errors.password}
        />
        <FormProblem problem={add.isError ? problemOf(add.error) : undefined} />
        <FormFooter onCancel={close} submit="Добавить" busy={add.isPending} />
      </form>
    </Dialog>
  );
}
