// The roles as the admin reads them.
import type { StudioRole } from '@efir/contract';

export const roleLabels: Record<StudioRole, string> = {
  admin: 'Администратор',
  editor: 'Редактор',
  moderator: 'Модератор',
};

/** What each role may do, in one line. */
export const rolesHint =
  'Модератор ведёт только чат; редактор — каталог и витрину; администратор — ещё пользователей и журнал изменений.';
