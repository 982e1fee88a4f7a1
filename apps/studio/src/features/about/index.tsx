// The about page: its title and introduction, four sections (a title and a text each), the title
// of the contacts (their address and mail are the site's own) and its poster.
import { aboutFieldsSchema, type StudioAbout } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CallProblem, fieldOf, TextAreaField, TextField } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/toasts.tsx';
import { PictureUpload } from '../../components/upload-field.tsx';
import { submitTo } from '../../lib/dialog-form.ts';
import { aboutQuery, type AboutValues, useAboutPoster, useSaveAbout } from './api.ts';
import { Loaded } from '../../components/loaded.tsx';

type AboutInput = z.input<typeof aboutFieldsSchema>;

const sections = [1, 2, 3, 4];

function AboutForm({ about }: { about: StudioAbout }) {
  const form = useForm<AboutInput, unknown, AboutValues>({
    resolver: zodResolver(aboutFieldsSchema),
    defaultValues: { titles: about.titles, texts: about.texts },
  });
  const save = useSaveAbout();
  const toast = useToast();
  const { isDirty } = form.formState;
  return (
    <form
      className="panel form"
      noValidate
      aria-labelledby="about-texts"
      onSubmit={submitTo(form, save, (saved) => {
        form.reset({ titles: saved.titles, texts: saved.texts });
        toast('Страница «О проекте» сохранена');
      })}
    >
      <h2 id="about-texts">Тексты</h2>
      <TextField label="Заголовок страницы" {...fieldOf(form, 'titles.0')} />
      <TextAreaField label="Вступление" rows={4} {...fieldOf(form, 'texts.0')} />
      {sections.map((index) => (
        <fieldset key={index} className="fieldset">
          <legend>Раздел {index}</legend>
          <TextField label="Заголовок раздела" {...fieldOf(form, `titles.${index}`)} />
          <TextAreaField label="Текст раздела" rows={6} {...fieldOf(form, `texts.${index}`)} />
        </fieldset>
      ))}
      <fieldset className="fieldset">
        <legend>Раздел 5: контакты</legend>
        <TextField
          label="Заголовок раздела"
          hint="Под ним сайт показывает свою почту и адрес."
          {...fieldOf(form, 'titles.5')}
        />
      </fieldset>
      <CallProblem call={save} />
      <div className="row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Сохранить
        </button>
        {isDirty ? <span className="muted">Есть несохранённые изменения.</span> : null}
      </div>
    </form>
  );
}

function Poster({ about }: { about: StudioAbout }) {
  const poster = useAboutPoster();
  return (
    <section className="panel stack" aria-labelledby="about-poster">
      <h2 id="about-poster">Картинка</h2>
      {about.poster === '' ? (
        <p className="muted">Картинки нет.</p>
      ) : (
        <img
          className="preview-image"
          src={about.poster}
          alt="Картинка страницы «О проекте»"
          width={320}
          height={180}
        />
      )}
      <PictureUpload
        label="Новая картинка"
        hint="JPEG, PNG или WebP; обрезается до 16 : 9."
        change={poster}
        saved="Картинка сохранена"
      />
    </section>
  );
}

export default function AboutPage() {
  const about = useQuery(aboutQuery);
  return (
    <>
      <PageHeader title="О проекте" about="Страница «О проекте» на сайте." />
      <Loaded query={about}>
        {(data) => (
          <div className="stack">
            <AboutForm about={data} />
            <Poster about={data} />
          </div>
        )}
      </Loaded>
    </>
  );
}
