// One radio: its fields, its media with the .m4a to save, a new cover, and removing it (the page
// is the catalogue's, components/catalogue-item-page.tsx).
import { type RadioFields as Fields, radioFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { CatalogueItemPage } from '../../components/catalogue-item-page.tsx';
import { formatNumber } from '../../lib/format.ts';
import { radioCalls } from './api.ts';
import { radioAccept } from './radio-add-dialog.tsx';
import { kindLabel, RadioFields } from './radio-fields.tsx';

const resolver = zodResolver(radioFieldsSchema);

export default function RadioPage() {
  return (
    <CatalogueItemPage
      calls={radioCalls}
      resolver={resolver}
      valuesOf={(radio): Fields => ({
        name: radio.name,
        author: radio.author,
        categoryId: radio.categoryId,
        draft: radio.draft as 0 | 1 | 2,
        kind: radio.kind as 1 | 2,
      })}
      fields={(form, categories) => <RadioFields form={form} categories={categories} />}
      list={{ to: '/radios', label: 'К списку радио' }}
      words={{
        slug: 'radio',
        unavailable: 'Радиозапись не открылась',
        noSuch: 'Нет такой радиозаписи.',
        about: (radio, added) => `${kindLabel(radio.kind)} № ${String(radio.id)} · добавлена ${added}`,
        uses: (radio) => `прослушивания: ${formatNumber(radio.plays)}`,
        removeTitle: 'Удалить радиозапись?',
        removeMessage: (radio) => `«${radio.name}» и её файлы будут удалены с сайта. Это нельзя отменить.`,
        removed: 'Радиозапись удалена',
        accepted: 'Файл принят, запись обрабатывается',
      }}
      mediaExtra={(radio) =>
        radio.download === '' ? null : (
          <div className="row">
            <a className="button" href={radio.download} download>
              <Download size={16} aria-hidden="true" />
              Скачать файл .m4a
            </a>
          </div>
        )
      }
      player={{ kind: 'audio', label: (radio) => `Радио «${radio.name}»` }}
      file={{ label: 'Звуковой файл', accept: radioAccept }}
      picture={{
        title: 'Обложка',
        alt: (radio) => `Обложка записи «${radio.name}»`,
        size: { width: 240, height: 240 },
        none: 'Своей обложки нет: на сайте стоит обложка по умолчанию.',
        upload: {
          label: 'Новая обложка',
          hint: 'JPEG, PNG или WebP; картинку обрежут до квадрата 480 × 480 по центру',
        },
        saved: 'Обложка сохранена',
      }}
    />
  );
}
