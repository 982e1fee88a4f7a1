// The studio's screens as the side bar lists them: each names the call it shows, so an account
// sees only the screens its role may use (the server refuses the rest anyway).
import type { StudioCallName } from '@efir/contract';
import {
  Activity,
  CalendarClock,
  ChartLine,
  Radio,
  Film,
  Home,
  Images,
  Info,
  type LucideIcon,
  MessagesSquare,
  Music,
  ScrollText,
  Search,
  Star,
  Tags,
  Users,
  Tv,
  Vote,
  ListMusic,
} from 'lucide-react';

export interface Screen {
  path: string;
  label: string;
  call: StudioCallName;
  icon: LucideIcon;
}

export const navigation: { group: string; screens: Screen[] }[] = [
  {
    group: 'Эфир',
    screens: [
      { path: '/on-air', label: 'Сейчас в эфире', call: 'onAir', icon: Radio },
      { path: '/schedule', label: 'Сетка вещания', call: 'scheduleDay', icon: CalendarClock },
      { path: '/channels', label: 'Каналы', call: 'channelAdd', icon: Tv },
      { path: '/audience', label: 'Аудитория', call: 'audience', icon: ChartLine },
    ],
  },
  {
    group: 'Каталог',
    screens: [
      { path: '/videos', label: 'Видео', call: 'videos', icon: Film },
      { path: '/radios', label: 'Радио', call: 'radios', icon: Music },
      { path: '/categories', label: 'Рубрики', call: 'videoCategories', icon: Tags },
      { path: '/jobs', label: 'Обработка файлов', call: 'jobs', icon: Activity },
    ],
  },
  {
    group: 'Витрина',
    screens: [
      { path: '/home-rows', label: 'Ряды главной', call: 'homeRows', icon: Home },
      { path: '/slides', label: 'Слайды', call: 'slides', icon: Images },
      { path: '/polls', label: 'Опросы', call: 'polls', icon: Vote },
      { path: '/radio-listings', label: 'Подборки радио', call: 'radioListings', icon: ListMusic },
      { path: '/popular', label: 'Популярное на радио', call: 'popularPicks', icon: Star },
      { path: '/search-picks', label: 'Подсказки поиска', call: 'searchPicks', icon: Search },
      { path: '/about', label: 'О проекте', call: 'about', icon: Info },
    ],
  },
  {
    group: 'Модерация',
    screens: [{ path: '/chat', label: 'Чат', call: 'chatMessages', icon: MessagesSquare }],
  },
  {
    group: 'Администрирование',
    screens: [
      { path: '/users', label: 'Пользователи', call: 'users', icon: Users },
      { path: '/audit', label: 'Журнал изменений', call: 'audit', icon: ScrollText },
    ],
  },
];

export const screens = navigation.flatMap((group) => group.screens);
