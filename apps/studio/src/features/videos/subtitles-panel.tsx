// A video's subtitles on its page: the tracks it has, each removable, and a new one attached from
// a .vtt or .srt file with its language and label. The server checks the file at once (a wrong
// line is named); the video is then remade with the tracks by a job, the page following it.
import {
  defaultSubtitleLanguage,
  latinSubtitleLanguage,
  type StudioVideo,
  subtitleFormats,
  videoSubtitlesAttachSchema,
} from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { CallProblem, fieldOf, SelectField, TextField } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { problemOf } from '../../lib/api.ts';
import { useItemChange } from '../../lib/catalogue-calls.ts';
import { videoCalls, videoSubtitleCalls } from './api.ts';

/** The languages offered, each with the label a player lists its track as (its own name). */
const languages = [
  { value: 'ru', label: 'Русский' },
  { value: 'en', label: 'English' },
  { value: 'tt', label: 'Татарча' },
  { value: 'ba', label: 'Башҡортса' },
  { value: 'cv', label: 'Чӑвашла' },
  { value: 'sah', label: 'Саха тыла' },
  { value: 'uk', label: 'Українська' },
  { value: 'be', label: 'Беларуская' },
  { value: 'kk', label: 'Қазақша' },
  { value: 'de', label: 'Deutsch' },
  { value: 'fr', label: 'Français' },
  { value: 'es', label: 'Español' },
  { value: 'zh', label: '中文' },
] as const;

const languageNames = new Intl.DisplayNames(['ru'], { type: 'language' });
const nameOf = (language: string): string =>
  language === latinSubtitleLanguage ? 'русский латиницей' : (languageNames.of(language) ?? language);

const attachSchema = videoSubtitlesAttachSchema.omit({ upload: true });
const resolver = zodResolver(attachSchema);

export function SubtitlesPanel({ video }: { video: StudioVideo }) {
  const toast = useToast();
  const attach = useItemChange(videoCalls, (body: Parameters<typeof videoSubtitleCalls.attach>[1]) =>
    videoSubtitleCalls.attach(video.id, body),
  );
  const remove = useItemChange(videoCalls, (language: string) => videoSubtitleCalls.remove(video.id, language));
  const form = useForm({
    resolver,
    defaultValues: { language: defaultSubtitleLanguage.language, label: defaultSubtitleLanguage.label },
  });
  const [upload, setUpload] = useState<string>();
  const [uploading, setUploading] = useState(false);
  /** Remounts the file field once a file is taken, for the next. */
  const [round, setRound] = useState(0);
  const [removing, setRemoving] = useState<string>();
  const own = video.media === 'ready' && video.link !== '';
  return (
    <section className="panel stack" aria-labelledby="video-subtitles">
      <h2 id="video-subtitles">Субтитры</h2>
      {video.subtitles.length === 0 ? (
        <p className="muted">Субтитров нет.</p>
      ) : (
        <ul className="plain-list stack">
          {video.subtitles.map((language) => (
            <li key={language} className="row">
              <span>
                {nameOf(language)} <span className="muted">({language})</span>
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Убрать субтитры: ${nameOf(language)}`}
                onClick={() => {
                  remove.reset();
                  setRemoving(language);
                }}
              >
                <X size={14} aria-hidden="true" />
                Убрать
              </button>
            </li>
          ))}
        </ul>
      )}
      {own ? (
        <form
          className="stack"
          noValidate
          onSubmit={form.handleSubmit((values) => {
            if (upload === undefined) return;
            attach.mutate(
              { ...values, upload },
              {
                onSuccess: () => {
                  toast('Субтитры приняты: видео обновится, когда они будут готовы');
                  setUpload(undefined);
                  setRound((value) => value + 1);
                },
              },
            );
          })}
        >
          <div className="form__row">
            <SelectField
              label="Язык"
              {...fieldOf(form, 'language', {
                onChange: (event: { target: { value: string } }) => {
                  const chosen = languages.find((language) => language.value === event.target.value);
                  if (chosen !== undefined) form.setValue('label', chosen.label);
                },
              })}
              choices={languages}
            />
            <TextField label="Название дорожки" hint="Так её назовёт плеер" {...fieldOf(form, 'label')} />
          </div>
          <UploadField
            key={round}
            label="Файл субтитров"
            accept={subtitleFormats.map((format) => `.${format}`).join(',')}
            hint="WebVTT (.vtt) или SubRip (.srt) в UTF-8; дорожка того же языка будет заменена. Русские субтитры дают и латиницу."
            onUploaded={setUpload}
            onCleared={() => {
              setUpload(undefined);
            }}
            onBusy={setUploading}
          />
          <CallProblem call={attach} />
          <div className="row">
            <button
              type="submit"
              className="button button--primary"
              disabled={upload === undefined || attach.isPending}
            >
              Добавить субтитры
            </button>
            {uploading ? <span className="muted">Добавить можно, когда файл загрузится.</span> : null}
          </div>
        </form>
      ) : (
        <p className="muted">Субтитры добавляются к видео, чей файл загружен на сайт.</p>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title="Убрать субтитры?"
        message={
          removing === undefined
            ? ''
            : removing === defaultSubtitleLanguage.language
              ? 'Русские субтитры будут убраны вместе с их латиницей.'
              : `Субтитры «${nameOf(removing)}» будут убраны.`
        }
        confirm="Убрать"
        busy={remove.isPending}
        problem={remove.isError ? problemOf(remove.error) : undefined}
        onConfirm={() => {
          if (removing === undefined) return;
          remove.mutate(removing, {
            onSuccess: () => {
              toast('Субтитры будут убраны, когда видео обновится');
              setRemoving(undefined);
            },
          });
        }}
        onClose={() => {
          setRemoving(undefined);
        }}
      />
    </section>
  );
}
