// The account calls of the users screen: the list, adding an account, and changing one (its role,
// whether it may sign in, a new password), each dropping what it makes stale.
import type { StudioRole, StudioUser } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export const usersQuery = queryOptions({
  queryKey: callKey('users'),
  queryFn: ({ signal }) => studio('users', { signal }),
});

/** After a change of an account: the list, the log, and the session (the account may be one's own). */
function changed({ user }: { user: StudioUser }): void {
  queryClient.setQueryData<StudioUser[]>(callKey('users'), (users) =>
    users?.some((entry) => entry.id === user.id) === true
      ? users.map((entry) => (entry.id === user.id ? user : entry))
      : [...(users ?? []), user],
  );
  void queryClient.invalidateQueries({ queryKey: ['users'] });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
  void queryClient.invalidateQueries({ queryKey: ['session'] });
}

export interface NewUser {
  login: string;
  role: StudioRole;
  password?: string;
}

export function useAddUser() {
  return useMutation({
    mutationFn: (body: NewUser) => studio('userAdd', { body }),
    onSuccess: changed,
  });
}

export type UserChange = { role: StudioRole } | { disabled: boolean } | { newPassword: true };

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UserChange }) =>
      studio('userUpdate', { params: { id }, body: change }),
    onSuccess: changed,
  });
}
