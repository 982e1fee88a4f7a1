// The radio list: search, filters (programmes or songs among them), sorting and paging, all in the
// address; adding a radio.
import { CatalogueList } from '../../components/catalogue-list.tsx';
import { pageQuery } from '../../lib/catalogue-calls.ts';
import { radioCalls, radioCategoriesQuery } from './api.ts';
import { RadioAddDialog } from './radio-add-dialog.tsx';
import { radioColumns } from './radios-columns.tsx';

export default function RadiosPage() {
  return (
    <CatalogueList
      title="Радио"
      about="Передачи и песни: опубликованное, премьеры, скрытое и то, что ещё обрабатывается."
      add="Добавить запись"
      caption="Радиозаписи"
      sorts={radioCalls.sorts}
      categories={radioCategoriesQuery}
      page={(list) => pageQuery(radioCalls, list)}
      columns={radioColumns}
      withKind
      addDialog={(open, onClose) => <RadioAddDialog open={open} onClose={onClose} />}
    />
  );
}
