// The audit log in the editors' words: what each kind of entry is about, and each action as a
// phrase (an action is `<entity>.<verb>`; the few whose verb says little alone are named whole).
// A code this list does not know yet is shown as it is.

/** The entities an entry can be about, in the order the filter offers them. */
export const auditEntities: readonly { value: string; label: string }[] = [
  { value: 'video', label: 'Видео' },
  { value: 'radio', label: 'Радио' },
  { value: 'video-category', label: 'Рубрики видео' },
  { value: 'radio-category', label: 'Рубрики радио' },
  { value: 'slide', label: 'Слайды' },
  { value: 'poll', label: 'Опросы' },
  { value: 'about', label: 'О проекте' },
  { value: 'search-picks', label: 'Подсказки поиска' },
  { value: 'radio-listing', label: 'Подборки радио' },
  { value: 'home-row', label: 'Ряды главной' },
  { value: 'popular', label: 'Популярное' },
  { value: 'schedule-tv', label: 'Сетка телеканала' },
  { value: 'schedule-radio', label: 'Сетка радио' },
  { value: 'channel', label: 'Каналы' },
  { value: 'job', label: 'Обработка файлов' },
  { value: 'upload', label: 'Загрузки' },
  { value: 'chat-message', label: 'Сообщения чата' },
  { value: 'chat-room', label: 'Комнаты чата' },
  { value: 'chat-ban', label: 'Баны в чате' },
  { value: 'chat-word', label: 'Стоп-слова' },
  { value: 'user', label: 'Пользователи' },
  { value: 'session', label: 'Входы' },
];

const whole: Record<string, string> = {
  'session.login': 'Вход в студию',
  'session.logout': 'Выход из студии',
  'session.logout-everywhere': 'Выход на всех устройствах',
  'session.refused': 'Отказ во входе',
  'session.guessing': 'Подбор пароля: сеанс закрыт',
  'user.password': 'Смена пароля',
  'about.poster': 'Новая картинка страницы «О проекте»',
  'channel.logo': 'Новый логотип канала',
  'chat.clear': 'Чат очищен',
  'chat.slow-mode': 'Медленный режим чата',
  'chat-ban.lift': 'Бан снят',
  'job.retry': 'Обработка запущена снова',
  'schedule.write': 'Сетка дня сохранена',
  'schedule.copy': 'Сетка дня скопирована',
  'schedule.delete': 'Сетка дня удалена',
};

const verbs: Record<string, string> = {
  add: 'добавлено',
  update: 'изменено',
  delete: 'удалено',
  remove: 'удалено',
  order: 'новый порядок',
  media: 'новый файл',
  preview: 'новая картинка',
};

/** Entities named in the singular, for a phrase (the filter's labels are plurals). */
const subjects: Record<string, string> = {
  video: 'Видео',
  radio: 'Радио',
  'video-category': 'Рубрика видео',
  'radio-category': 'Рубрика радио',
  slide: 'Слайд',
  poll: 'Опрос',
  about: 'Страница «О проекте»',
  'search-picks': 'Подсказки поиска',
  'radio-listing': 'Подборка радио',
  'home-row': 'Ряд главной',
  popular: 'Популярное на радио',
  channel: 'Канал',
  job: 'Обработка файла',
  upload: 'Загрузка',
  'chat-ban': 'Бан в чате',
  'chat-word': 'Стоп-слово',
  user: 'Пользователь',
};

/** An action as a phrase: «Видео: изменено», «Вход в студию»; an unknown code as it is. */
export function auditActionLabel(action: string): string {
  const named = whole[action];
  if (named !== undefined) return named;
  const dot = action.lastIndexOf('.');
  const subject = subjects[action.slice(0, dot)];
  const verb = verbs[action.slice(dot + 1)];
  return dot > 0 && subject !== undefined && verb !== undefined ? `${subject}: ${verb}` : action;
}

/** What an entry is about, in words; an unknown entity as it is. */
export function auditEntityLabel(entity: string): string {
  const known = subjects[entity] ?? auditEntities.find((listed) => listed.value === entity)?.label;
  if (known !== undefined) return known;
  // A channel added by an admin has its days under its own slug.
  return entity.startsWith('schedule-') ? `Сетка канала ${entity.slice('schedule-'.length)}` : entity;
}
