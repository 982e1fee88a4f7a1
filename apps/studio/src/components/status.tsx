// How an item and its ingest job stand, in words and colour (the colour is never the only sign).
import type { MediaState, StudioJob } from '@efir/contract';
import { formatEta } from '../lib/format.ts';

const mediaLabels: Record<MediaState, { text: string; tone: string }> = {
  ready: { text: 'Готово', tone: 'badge--ok' },
  preparing: { text: 'Готовится', tone: 'badge--warn' },
  failed: { text: 'Ошибка', tone: 'badge--danger' },
  none: { text: 'Нет медиа', tone: '' },
};

export function MediaBadge({ state }: { state: MediaState }) {
  const label = mediaLabels[state];
  return <span className={`badge ${label.tone}`}>{label.text}</span>;
}

/** A video's subtitles, when it has any: the languages its tracks name, in a title for the mouse. */
export function SubtitlesBadge({ languages }: { languages: readonly string[] }) {
  if (languages.length === 0) return null;
  return (
    <span className="badge" title={`Субтитры: ${languages.join(', ')}`}>
      Субтитры
    </span>
  );
}

const draftLabels: Record<number, { text: string; tone: string }> = {
  0: { text: 'Опубликовано', tone: 'badge--accent' },
  1: { text: 'Премьера в эфире', tone: 'badge--warn' },
  2: { text: 'Скрыто', tone: '' },
};

export function DraftBadge({ draft }: { draft: number }) {
  const label = draftLabels[draft] ?? { text: String(draft), tone: '' };
  return <span className={`badge ${label.tone}`}>{label.text}</span>;
}

const stageLabels: Record<StudioJob['stage'], string> = {
  queued: 'В очереди',
  probing: 'Проверка файла',
  encoding: 'Кодирование',
  finishing: 'Завершение',
  done: 'Готово',
  failed: 'Не удалось',
};

/** A job's stage, how far it got and the time left; its reason when it failed. */
export function JobProgress({ job }: { job: StudioJob }) {
  if (job.stage === 'failed') {
    return (
      <div className="stack">
        <span className="badge badge--danger">{stageLabels.failed}</span>
        {job.error === null ? null : <span className="field__error">{job.error}</span>}
      </div>
    );
  }
  if (job.stage === 'done') return <span className="badge badge--ok">{stageLabels.done}</span>;
  const percent = Math.round(job.progress * 100);
  return (
    <div className="progress" data-testid="job-progress" data-stage={job.stage}>
      <span>
        {stageLabels[job.stage]} · {percent} %{job.etaSeconds === null ? '' : ` · ${formatEta(job.etaSeconds)}`}
      </span>
      <progress max={100} value={percent} aria-label={`${stageLabels[job.stage]}: ${String(percent)} %`} />
    </div>
  );
}

export { stageLabels };
