// The radio catalogue's listing groups, in the order the catalogue shows them: each a named set
// of radios picked by hand. Dragging a group saves the new order at once; adding, changing and
// removing groups.
import { OrderedListScreen } from '../../components/ordered-list-screen.tsx';
import { radioListingCalls } from './api.ts';
import { ListingDialog } from './listing-dialog.tsx';

export default function RadioListingsPage() {
  return (
    <OrderedListScreen
      calls={radioListingCalls}
      title="Подборки радио"
      about="Подборки передач и песен в каталоге радио, сверху вниз."
      add="Добавить подборку"
      listLabel="Подборки радио"
      slug="radio-listings"
      heading="Порядок подборок"
      hint="Перетащите подборку за ручку или переставьте с клавиатуры: новый порядок сохраняется сразу."
      empty="Подборок пока нет."
      label={(listing) => listing.name}
      body={(listing) => (
        <>
          {listing.name}
          <small>Выбрано: {listing.radios.length} радио</small>
        </>
      )}
      actionName={(listing) => `«${listing.name}»`}
      dialog={(editing, onClose) => <ListingDialog listing={editing} onClose={onClose} />}
      removal={{
        title: 'Удалить подборку?',
        message: (listing) => `Подборка «${listing.name}» пропадёт из каталога радио. Сами радио останутся.`,
        removed: 'Подборка удалена',
      }}
    />
  );
}
