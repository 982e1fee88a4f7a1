// The columns of the radio list (the catalogue's, components/catalogue-columns.tsx), with each
// radio's author and kind.
import type { StudioCategory, StudioRadio } from '@efir/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { catalogueColumns } from '../../components/catalogue-columns.tsx';
import type { ListFeatures } from '../../components/data-table.tsx';
import { kindLabel } from './radio-fields.tsx';

const helper = createColumnHelper<ListFeatures, StudioRadio>();

export function radioColumns(categories: readonly StudioCategory[]) {
  return catalogueColumns<StudioRadio>(categories, {
    picture: 'Обложка',
    square: true,
    pageOf: (id) => `/radios/${String(id)}`,
    uses: { id: 'plays', header: 'Прослушивания', of: (radio) => radio.plays },
    afterName: [helper.accessor('author', { header: 'Автор', enableSorting: false })],
    afterCategory: [
      helper.accessor('kind', {
        header: 'Тип',
        enableSorting: false,
        cell: (info) => kindLabel(info.row.original.kind),
      }),
    ],
  });
}
