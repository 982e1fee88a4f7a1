// The home page's catalogue rows, top to bottom: each shows a category's newest videos or videos
// picked by hand. Dragging a row saves the new order at once; adding, changing and removing rows.
import type { StudioHomeRow } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { OrderedListScreen } from '../../components/ordered-list-screen.tsx';
import { homeRowCalls, videoCategoriesQuery } from './api.ts';
import { HomeRowForm } from './home-row-dialog.tsx';
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
      slug="home-rows"
      heading="Порядок рядов"
      one="ряд"
      empty="Рядов пока нет."
      label={(row) => row.name}
      body={(row) => (
        <>
          {row.name}
          <small>{shows(row)}</small>
        </>
      )}
      actionName={(row) => `«${row.name}»`}
      dialog={{
        add: 'Новый ряд',
        added: 'Ряд добавлен',
        changed: 'Ряд сохранён',
        form: (editing) => <HomeRowForm editing={editing} categories={categories.data ?? []} />,
      }}
      removal={{
        message: (row) => `Ряд «${row.name}» пропадёт с главной. Сами видео останутся в каталоге.`,
        removed: 'Ряд удалён',
      }}
    />
  );
}
