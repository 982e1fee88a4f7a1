// The home page's catalogue rows, top to bottom: each shows a category's newest videos or videos
// picked by hand. Dragging a row saves the new order at once; adding, changing and removing rows.
import type { StudioHomeRow } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { OrderedListScreen } from '../../components/ordered-list-screen.tsx';
import { homeRowCalls, videoCategoriesQuery } from './api.ts';
import { HomeRowDialog } from './home-row-dialog.tsx';
import './home-rows.css';

export default function HomeRowsPage() {
  const categories = useQuery(videoCategoriesQuery);
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const shows = (row: StudioHomeRow): string =>
    row.categoryId === null
      ? `Выбрано: ${String(row.videos.length)} видео`
      : `Рубрика: ${categoryName.get(row.categoryId) ?? `№ ${String(row.categoryId)}`}`;
  return (
    <OrderedListScreen
      calls={homeRowCalls}
      title="Ряды главной"
      about="Ряды видео на главной странице сайта, сверху вниз."
      add="Добавить ряд"
      listLabel="Ряды главной"
      slug="home-rows"
      heading="Порядок рядов"
      hint="Перетащите ряд за ручку или переставьте с клавиатуры: новый порядок сохраняется сразу."
      empty="Рядов пока нет."
      label={(row) => row.name}
      body={(row) => (
        <>
          {row.name}
          <small>{shows(row)}</small>
        </>
      )}
      actionName={(row) => `«${row.name}»`}
      dialog={(editing, onClose) => (
        <HomeRowDialog row={editing} categories={categories.data ?? []} onClose={onClose} />
      )}
      removal={{
        title: 'Удалить ряд?',
        message: (row) => `Ряд «${row.name}» пропадёт с главной. Сами видео останутся в каталоге.`,
        removed: 'Ряд удалён',
      }}
    />
  );
}
