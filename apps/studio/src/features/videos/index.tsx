// The video list: search, filters, sorting and paging, all in the address; adding a video.
import { CatalogueList } from '../../components/catalogue-list.tsx';
import { videoCategoriesQuery, videoSorts, videosQuery } from './api.ts';
import { VideoAddDialog } from './video-add-dialog.tsx';
import { videoColumns } from './videos-columns.tsx';

export default function VideosPage() {
  return (
    <CatalogueList
      title="Видео"
      about="Весь каталог: опубликованное, премьеры, скрытое и то, что ещё обрабатывается."
      add="Добавить видео"
      caption="Видео"
      sorts={videoSorts}
      categories={videoCategoriesQuery}
      page={videosQuery}
      columns={videoColumns}
      addDialog={(open, onClose) => <VideoAddDialog open={open} onClose={onClose} />}
    />
  );
}
