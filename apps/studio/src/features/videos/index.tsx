// The video list: search, filters, sorting and paging, all in the address; adding a video.
import { CatalogueList } from '../../components/catalogue-list.tsx';
import { pageQuery } from '../../lib/catalogue-calls.ts';
import { videoCalls, videoCategoriesQuery } from './api.ts';
import { VideoAddDialog } from './video-add-dialog.tsx';
import { videoColumns } from './videos-columns.tsx';

export default function VideosPage() {
  return (
    <CatalogueList
      title="Видео"
      about="Весь каталог: опубликованное, премьеры, скрытое и то, что ещё обрабатывается."
      add="Добавить видео"
      caption="Видео"
      sorts={videoCalls.sorts}
      categories={videoCategoriesQuery}
      page={(list) => pageQuery(videoCalls, list)}
      columns={videoColumns}
      addDialog={(open, onClose) => <VideoAddDialog open={open} onClose={onClose} />}
    />
  );
}
