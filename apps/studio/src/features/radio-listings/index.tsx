// The radio catalogue's listing groups, in the order the catalogue shows them: each a named set
// of radios picked by hand. Dragging a group saves the new order at once; adding, changing and
// removing groups.
import { OrderedListScreen } from '../../components/ordered-list-screen.tsx';
import { radioListingCalls } from './api.ts';
import { ListingForm } from './listing-dialog.tsx';

export default function RadioListingsPage() {
  return (
    <OrderedListScreen
      calls={radioListingCalls}
      title="Подборки радио"
      about="Подборки передач и песен в каталоге радио, сверху вниз."
      add="Добавить подборку"
      slug="radio-listings"
      heading="Порядок подборок"
      one="подборку"
      empty="Подборок пока нет."
      label={(listing) => listing.name}
      body={(listing) => (
        <>
          {listing.name}
          <small>Выбрано: {listing.radios.length} радио</small>
        </>
      )}
      actionName={(listing) => `«${listing.name}»`}
      dialog={{
        add: 'Новая подборка',
        added: 'Подборка добавлена',
        changed: 'Подборка сохранена',
        form: (editing) => <ListingForm editing={editing} />,
      }}
      removal={{
        message: (listing) => `Подборка «${listing.name}» пропадёт из каталога радио. Сами радио останутся.`,
        removed: 'Подборка удалена',
      }}
    />
  );
}
