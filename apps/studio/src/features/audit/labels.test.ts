import { expect, it } from 'vitest';
import { auditActionLabel, auditEntityLabel } from './labels.ts';

// An action named whole, by its subject and verb, or (unknown) as the code it is; entities, the
// schedule days of an added channel by its slug. Each line: what is said → how.
const said = `
  action session.login → Вход в студию
  action user.password → Смена пароля
  action video.update → Видео: изменено
  action home-row.order → Ряд главной: новый порядок
  action radio-category.add → Рубрика радио: добавлено
  action video.teleport → video.teleport
  action nodot → nodot
  entity video → Видео
  entity schedule-radio → Сетка радио
  entity schedule-kino → Сетка канала kino
  entity comet → comet`;

const say = { action: auditActionLabel, entity: auditEntityLabel };

it.each(said.trim().split('\n'))('the audit log says %s', (line) => {
  const [, kind, code, words] = /^\s*(action|entity) (\S+) → (.+)$/u.exec(line) ?? [];
  expect(say[kind as keyof typeof say](code ?? '')).toBe(words);
});
