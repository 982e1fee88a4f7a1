// Adding an account: its login and role, and a password only when the admin wants to choose it;
// otherwise the server makes one, which the users screen then shows once.
import { loginSchema, passwordSchema, studioRoleSchema } from '@efir/contract';
import { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { CallProblem, fieldOf, PasswordField, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useAddUser } from './api.ts';
import { submitTo, useDialogForm } from '../../lib/dialog-form.ts';
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
  const { form, close } = useDialogForm(addSchema, blank, add, onClose);
  return (
    <Dialog open={open} title="Новый пользователь" onClose={close} narrow>
      <form
        className="form"
        noValidate
        onSubmit={submitTo(form, add, ({ user, password }) => {
          toast(`Пользователь «${user.login}» добавлен`);
          close();
          if (password !== undefined) onMade({ login: user.login, password });
        })}
      >
        <TextField
          label="Логин"
          hint="Латинские буквы, цифры, точка, дефис и подчёркивание"
          {...fieldOf(form, 'login')}
        />
        <SelectField
          label="Роль"
          hint={rolesHint}
          {...fieldOf(form, 'role')}
          choices={studioRoleSchema.options.map((role) => ({ value: role, label: roleLabels[role] }))}
        />
        <PasswordField
          label="Пароль"
          autoComplete="new-password"
          hint="Оставьте пустым, и пароль будет создан"
          {...fieldOf(form, 'password')}
        />
        <CallProblem call={add} />
        <FormFooter onCancel={close} submit="Добавить" busy={add.isPending} />
      </form>
    </Dialog>
  );
}
