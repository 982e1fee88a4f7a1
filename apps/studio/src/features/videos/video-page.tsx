// One video: its fields, its media, its subtitles, a new picture, and removing it (the page is the
// catalogue's, components/catalogue-item-page.tsx).
import { type VideoFields as Fields, videoFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { CatalogueItemPage } from '../../components/catalogue-item-page.tsx';
import { formatNumber } from '../../lib/format.ts';
import { videoCalls } from './api.ts';
import { SubtitlesPanel } from './subtitles-panel.tsx';
import { videoAccept } from './video-add-dialog.tsx';
import { VideoFields } from './video-fields.tsx';

const resolver = zodResolver(videoFieldsSchema);

export default function VideoPage() {
  return (
    <CatalogueItemPage
      calls={videoCalls}
      resolver={resolver}
      valuesOf={(video): Fields => ({
        name: video.name,
        description: video.description,
        plot: video.plot,
        categoryId: video.categoryId,
        ageRating: video.ageRating,
        draft: video.draft as 0 | 1 | 2,
        externalEmbed: video.externalEmbed,
      })}
      fields={(form, categories) => <VideoFields form={form} categories={categories} />}
      list={{ to: '/videos', label: 'К списку видео' }}
      words={{
        slug: 'video',
        unavailable: 'Видео не открылось',
        noSuch: 'Нет такого видео.',
        about: (video, added) => `Видео № ${String(video.id)} · добавлено ${added}`,
        uses: (video) => `просмотры: ${formatNumber(video.views)}`,
        removeTitle: 'Удалить видео?',
        removeMessage: (video) => `«${video.name}» и его файлы будут удалены с сайта. Это нельзя отменить.`,
        removed: 'Видео удалено',
        accepted: 'Файл принят, видео обрабатывается',
      }}
      actions={(video) =>
        video.media === 'ready' || video.externalEmbed !== '' ? (
          <a className="button" href={`/video/item/${String(video.id)}`} target="_blank" rel="noreferrer">
            <ExternalLink size={16} aria-hidden="true" />
            На сайте
          </a>
        ) : null
      }
      panels={(video) => <SubtitlesPanel video={video} />}
      player={{ kind: 'video', label: (video) => `Видео «${video.name}»` }}
      file={{ label: 'Файл видео', accept: videoAccept }}
      picture={{
        title: 'Картинка',
        alt: (video) => `Картинка видео «${video.name}»`,
        size: { width: 320, height: 180 },
        none: 'Своей картинки нет: на сайте стоит картинка по умолчанию.',
        upload: { label: 'Новая картинка' },
        saved: 'Картинка сохранена',
      }}
    />
  );
}
