// The columns of the video list (the catalogue's, components/catalogue-columns.tsx).
import type { StudioCategory, StudioVideo } from '@efir/contract';
import { catalogueColumns } from '../../components/catalogue-columns.tsx';

export function videoColumns(categories: readonly StudioCategory[]) {
  return catalogueColumns<StudioVideo>(categories, {
    picture: 'Картинка',
    pageOf: (id) => `/videos/${String(id)}`,
    uses: { id: 'views', header: 'Просмотры', of: (video) => video.views },
  });
}
